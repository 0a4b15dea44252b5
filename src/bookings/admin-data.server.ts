import 'server-only';
import { getDb } from '@/db/db.server';
import { firstParam, type SearchParams } from '@/platform/search-params';
import { accountDataForEmail, deleteAccountByEmail, type SessionUser } from '@/accounts/public.server';
import { openDeps } from './runtime.server';
import { isStatus, type InquiryStatus } from './statuses';
import type { InquiryDetail, ListFilters, ListResult, ListSort } from './types';
import { mailCounts, mailsFor, recentMails, type OutboxMail } from '@/platform/mail-outbox.server';
import { countByStatus, findInquiry, findInquiryByReference, inquiriesWithStatus, lockedWeddings, upcomingWeddings } from './repositories/inquiries.server';
import { allInquiries, listInquiries } from './repositories/list.server';
import { notesOf, statusHistory } from './repositories/history.server';
import { dataForEmail, eraseEmail } from './repositories/gdpr.server';
import { calendarToken, isCalendarToken } from './secrets.server';
import { sameDateInquiries } from './service.server';
import { weddingsFeed } from './ics.server';

/** Helpers shared by the admin pages, actions and routes (each still calls requireAdmin itself). */
export function actorOf(user: SessionUser): string {
  return user.email || user.username || `uživatel ${user.id}`;
}

export const adminDeps = openDeps;

const SORTS: ListSort[] = ['created-desc', 'created-asc', 'date-asc', 'date-desc'];

/** Admin list filters from the query string (Czech parameter names); anything unknown is ignored. */
export function parseListFilters(sp: SearchParams): ListFilters {
  const q = firstParam(sp, 'q')?.trim().slice(0, 100) || undefined;
  const stav = firstParam(sp, 'stav');
  const status: InquiryStatus | undefined = isStatus(stav) ? stav : undefined;
  const rok = Number(firstParam(sp, 'rok'));
  const year = Number.isInteger(rok) && rok >= 2000 && rok <= 2100 ? rok : undefined;
  const razeni = firstParam(sp, 'razeni') as ListSort | undefined;
  const sort = razeni && SORTS.includes(razeni) ? razeni : 'created-desc';
  const strana = Number(firstParam(sp, 'strana'));
  const page = Number.isInteger(strana) && strana > 0 && strana < 100_000 ? strana : 1;
  const flagged = firstParam(sp, 'podezrele') === '1';
  return { q, status, year, sort, page, flagged, pageSize: 25 };
}

/** Query string for a filter set (pagination and export links keep the filters). */
export function filtersToQuery(f: ListFilters, over: Partial<ListFilters> = {}): string {
  const m = { ...f, ...over };
  const p = new URLSearchParams();
  if (m.q) p.set('q', m.q);
  if (m.status) p.set('stav', m.status);
  if (m.year) p.set('rok', String(m.year));
  if (m.flagged) p.set('podezrele', '1');
  if (m.sort && m.sort !== 'created-desc') p.set('razeni', m.sort);
  if (m.page && m.page > 1) p.set('strana', String(m.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/* What the admin pages and routes read. They call these domain functions, never a repository. */

export async function dashboardData(today: string) {
  const { db } = await adminDeps();
  const [counts, upcoming, fresh, mails, token] = await Promise.all([
    countByStatus(db),
    upcomingWeddings(db, today, 8),
    inquiriesWithStatus(db, 'new', 8),
    mailCounts(db),
    calendarToken(db),
  ]);
  return { counts, upcoming, fresh, mails, token };
}

export async function inquiryList(filters: ListFilters): Promise<ListResult> {
  return listInquiries((await adminDeps()).db, filters);
}

/** One inquiry with its history, notes and mails; null when there is none with this id. */
export async function inquiryDetail(id: number) {
  const { db } = await adminDeps();
  const inquiry = await findInquiry(db, id);
  if (!inquiry) return null;
  const [history, notes, mails, sameDate] = await Promise.all([statusHistory(db, id), notesOf(db, id), mailsFor(db, inquiry.reference), sameDateInquiries(db, inquiry)]);
  return { inquiry, history, notes, mails, sameDate };
}

/** The outbox page: recent mails, counts per status and the inquiry id behind each related reference. */
export async function outboxData(onlyProblems: boolean): Promise<{ mails: OutboxMail[]; counts: Record<string, number>; inquiryIds: Map<string, number> }> {
  const { db } = await adminDeps();
  const [mails, counts] = await Promise.all([recentMails(db, 100, onlyProblems), mailCounts(db)]);
  const inquiryIds = new Map<string, number>();
  for (const m of mails) {
    if (m.relatedId && !inquiryIds.has(m.relatedId)) {
      const i = await findInquiryByReference(db, m.relatedId);
      if (i) inquiryIds.set(m.relatedId, i.id);
    }
  }
  return { mails, counts, inquiryIds };
}

export async function inquiriesForExport(f: Pick<ListFilters, 'status' | 'year' | 'q'>): Promise<InquiryDetail[]> {
  return allInquiries((await adminDeps()).db, f);
}

/** GDPR export: everything stored about one e-mail address. */
/** Everything stored about one address: the couple's account (built-in accounts), inquiries, claims and mails. */
export async function personalData(email: string) {
  const { db } = await adminDeps();
  const account = await accountDataForEmail(db, email);
  return { account, ...(await dataForEmail(db, email, account.account?.key ?? null)) };
}

/**
 * GDPR erasure of one address: the couple's account (never the photographer's) with its mails and attachments of
 * inquiries, then the inquiries and mails of the address.
 */
export async function erasePersonalData(email: string): Promise<{ inquiries: number; mails: number; account: boolean; refusedAdmin: boolean }> {
  const { db } = await adminDeps();
  const account = await deleteAccountByEmail(db, email);
  const res = await eraseEmail(db, email, account.key);
  return { ...res, account: account.key !== null, refusedAdmin: account.refusedAdmin };
}

/** The ICS feed for a calendar token; null when the token is not the current one. */
export async function calendarFeed(token: string, hostname: string): Promise<string | null> {
  const db = await getDb();
  if (!(await isCalendarToken(db, token))) return null;
  return weddingsFeed(await lockedWeddings(db), hostname);
}
