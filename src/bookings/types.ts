import type { InquiryKind } from './input';
import type { InquiryStatus } from './statuses';

/** What the admin sees of one inquiry (every field the couple sent, plus pipeline state). */
export interface InquiryDetail {
  id: number;
  reference: string;
  kind: InquiryKind;
  status: InquiryStatus;
  partner1: string;
  partner2: string | null;
  email: string;
  phone: string | null;
  weddingDate: string | null;
  venue: string | null;
  town: string | null;
  ceremonyTime: string | null;
  guestCount: number | null;
  packageId: string | null;
  hours: number | null;
  message: string | null;
  source: string | null;
  consent: boolean;
  marketingConsent: boolean;
  flags: string[];
  holdExpiresAt: Date | null;
  anonymizedAt: Date | null;
  /** The terms version (content: terms versions) in force when the inquiry arrived; null for older inquiries. */
  termsVersionId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export type InquiryListItem = Pick<
  InquiryDetail,
  'id' | 'reference' | 'kind' | 'status' | 'partner1' | 'partner2' | 'email' | 'weddingDate' | 'town' | 'venue' | 'packageId' | 'flags' | 'holdExpiresAt' | 'createdAt'
>;

export interface StatusChange {
  id: number;
  fromStatus: InquiryStatus | null;
  toStatus: InquiryStatus;
  actor: string;
  note: string | null;
  createdAt: Date;
}

export interface InquiryNote {
  id: number;
  author: string;
  body: string;
  createdAt: Date;
}

/** What a couple sees in their portal: no flags, notes, client hashes or internal ids. */
export interface CoupleInquiry {
  reference: string;
  kind: InquiryKind;
  status: InquiryStatus;
  statusLabel: string;
  weddingDate: string | null;
  venue: string | null;
  town: string | null;
  packageId: string | null;
  createdAt: string;
}


export type ListSort = 'date-asc' | 'date-desc' | 'created-desc' | 'created-asc';

export interface ListFilters {
  q?: string;
  status?: InquiryStatus;
  year?: number;
  flagged?: boolean;
  sort?: ListSort;
  page?: number;
  pageSize?: number;
}

export interface ListResult {
  items: InquiryListItem[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  /** Per status, under the same search and year filters (not the status filter). */
  counts: Record<InquiryStatus, number>;
  flaggedCount: number;
  /** Inquiry id → how many other open inquiries ask for its wedding date (absent when none). */
  sameDate: Record<number, number>;
}
