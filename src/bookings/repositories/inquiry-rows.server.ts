import 'server-only';
import { inquiries } from '@/db/schema';
import { isStatus } from '../statuses';
import type { InquiryKind } from '../input';
import type { InquiryDetail, InquiryListItem } from '../types';

/** Row → DTO mapping shared by the bookings repositories; nothing outside src/bookings/repositories sees a row. */
export type InquiryRow = typeof inquiries.$inferSelect;

export function toDetail(r: InquiryRow): InquiryDetail {
  return {
    id: r.id,
    reference: r.reference,
    kind: r.kind as InquiryKind,
    status: isStatus(r.status) ? r.status : 'new',
    partner1: r.partner1,
    partner2: r.partner2,
    email: r.email,
    phone: r.phone,
    weddingDate: r.weddingDate,
    venue: r.venue,
    town: r.town,
    ceremonyTime: r.ceremonyTime,
    guestCount: r.guestCount,
    packageId: r.packageId,
    hours: r.hours,
    message: r.message,
    source: r.source,
    consent: r.consent,
    marketingConsent: r.marketingConsent,
    flags: r.flags ?? [],
    holdExpiresAt: r.holdExpiresAt,
    anonymizedAt: r.anonymizedAt,
    termsVersionId: r.termsVersionId ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export const listColumns = {
  id: inquiries.id,
  reference: inquiries.reference,
  kind: inquiries.kind,
  status: inquiries.status,
  partner1: inquiries.partner1,
  partner2: inquiries.partner2,
  email: inquiries.email,
  weddingDate: inquiries.weddingDate,
  town: inquiries.town,
  venue: inquiries.venue,
  packageId: inquiries.packageId,
  flags: inquiries.flags,
  holdExpiresAt: inquiries.holdExpiresAt,
  createdAt: inquiries.createdAt,
};

export function toListItem(r: { [K in keyof typeof listColumns]: InquiryRow[K] }): InquiryListItem {
  return { ...r, kind: r.kind as InquiryKind, status: isStatus(r.status) ? r.status : 'new', flags: r.flags ?? [] };
}

