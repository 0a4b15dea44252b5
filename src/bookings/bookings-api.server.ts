import 'server-only';
import { z } from 'zod';
import { ApiError, apiJson, bookingIdParam, errorNameFor, parseApiJson, type AdminApiContext } from './admin-api.server';
import { REFERENCE_PATTERN } from './reference';
import { findInquiry, findInquiryByReference, inquiriesWithStatus } from './repositories/inquiries.server';
import { changeStatus } from './service.server';
import { STATUS_LABELS, STATUSES, isStatus } from './statuses';
import type { InquiryDetail } from './types';

/**
 * GET /api/admin/bookings?reference=…|status=… and PATCH /api/admin/bookings/{id} {status}: the JSON face of the
 * same service the admin pages use (changeStatus: the transition table, the date lock, the history, the mail).
 */
export interface BookingDto {
  id: number;
  reference: string;
  status: string;
  statusLabel: string;
  partner1: string;
  partner2: string | null;
  email: string;
  weddingDate: string | null;
  venue: string | null;
  town: string | null;
  packageId: string | null;
  holdExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toBookingDto(i: InquiryDetail): BookingDto {
  return {
    id: i.id,
    reference: i.reference,
    status: i.status,
    statusLabel: STATUS_LABELS[i.status],
    partner1: i.partner1,
    partner2: i.partner2,
    email: i.email,
    weddingDate: i.weddingDate,
    venue: i.venue,
    town: i.town,
    packageId: i.packageId,
    holdExpiresAt: i.holdExpiresAt ? i.holdExpiresAt.toISOString() : null,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

const LIST_LIMIT = 200;

export async function listBookingsApi(ctx: AdminApiContext, url: URL): Promise<Response> {
  const reference = url.searchParams.get('reference');
  const status = url.searchParams.get('status');
  if (reference !== null) {
    const ref = reference.trim().toUpperCase();
    if (!REFERENCE_PATTERN.test(ref)) throw new ApiError(400, 'ValidationError', 'Číslo poptávky má tvar SV-2026-7K3Q.');
    const found = await findInquiryByReference(ctx.db, ref);
    const items = found && (status === null || found.status === status) ? [toBookingDto(found)] : [];
    return apiJson({ items });
  }
  if (status !== null) {
    if (!isStatus(status)) throw new ApiError(400, 'ValidationError', `Neznámý stav „${status}“. Platné stavy: ${STATUSES.join(', ')}.`);
    const ids = (await inquiriesWithStatus(ctx.db, status, LIST_LIMIT)).map((i) => i.id);
    const items = (await Promise.all(ids.map((id) => findInquiry(ctx.db, id)))).filter((i): i is InquiryDetail => i !== null);
    return apiJson({ items: items.map(toBookingDto) });
  }
  throw new ApiError(400, 'ValidationError', 'Zadejte parametr reference (např. ?reference=SV-2026-7K3Q) nebo status (např. ?status=held).');
}

export async function getBookingApi(ctx: AdminApiContext, rawId: string): Promise<Response> {
  const found = await findInquiry(ctx.db, bookingIdParam(rawId));
  if (!found) throw new ApiError(404, 'NotFoundError', 'Poptávka nebyla nalezena.');
  return apiJson(toBookingDto(found));
}

const patchSchema = z.object(
  {
    status: z.enum(STATUSES, { error: `Neznámý stav. Platné stavy: ${STATUSES.join(', ')}.` }),
    note: z.string({ error: 'Poznámka musí být text.' }).max(1000, { error: 'Poznámka smí mít nejvýše 1000 znaků.' }).optional(),
  },
  { error: 'Očekáván objekt {"status": "…"}.' },
);

export async function patchBookingApi(ctx: AdminApiContext, rawId: string, request: Request): Promise<Response> {
  const id = bookingIdParam(rawId);
  const body = await parseApiJson(request, patchSchema);
  if (body.status === 'expired') throw new ApiError(400, 'ValidationError', 'Stav „Propadlá“ nastavuje jen vypršení blokace termínu.');
  const result = await changeStatus(ctx.db, { id, to: body.status, actor: ctx.actor, note: body.note, config: ctx.config });
  if (!result.ok) throw new ApiError(result.status, errorNameFor(result.status), result.message);
  const fresh = await findInquiry(ctx.db, id);
  if (!fresh) throw new ApiError(404, 'NotFoundError', 'Poptávka nebyla nalezena.');
  return apiJson(toBookingDto(fresh));
}
