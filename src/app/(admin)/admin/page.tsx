import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { requireAdmin } from '@/accounts/guards.server';
import { siteUrl } from '@/platform/env';
import { dashboardData } from '@/bookings/admin-data.server';
import { localToday } from '@/platform/dates';
import { STATUS_LABELS, type InquiryStatus } from '@/bookings/statuses';
import { InquiryList } from '@/bookings/ui/inquiry-list';
import { rotateCalendarTokenAction } from '@/bookings/actions/admin';
import styles from '@/bookings/ui/admin.module.css';
import { type SearchParams } from '@/platform/search-params';
import { guideProgress, sampleTestimonialsLive, sampleValuesLive } from '@/site/public.server';
import { getDb } from '@/db/db.server';
import { getEnv } from '@/platform/env';
import { ContentOutageBanner } from '@/content/ui/status/content-outage-banner';
import { BackupCard } from '@/operations/public.server';

export const metadata: Metadata = { title: 'Administrace – přehled' };

const SHOWN: InquiryStatus[] = ['new', 'in_talks', 'held', 'confirmed'];

export default async function AdminDashboard({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin();
  const sp = await searchParams;
  const { counts, upcoming, fresh, mails, token } = await dashboardData(localToday());
  const feedUrl = `${siteUrl()}/api/calendar/${token}.ics`;
  const samples = sampleValuesLive();
  const sampleQuotes = sampleTestimonialsLive();
  // Never sent: failed, waiting for a retry, being sent, or only stored because no SMTP server is configured.
  const unsent = (mails.failed ?? 0) + (mails.pending ?? 0) + (mails.sending ?? 0) + (mails.stored ?? 0);
  const smtp = Boolean(getEnv().SMTP_URL);
  const guide = await guideProgress(await getDb());
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Přehled</h1>
      {!guide.finished ? (
        <p className="notice" data-testid="guide-link">
          Web ještě není celý váš. <Link href="/admin/pruvodce">Dokončit nastavení webu</Link>
        </p>
      ) : null}
      {samples.length ? (
        <div role="alert" className={styles.warning}>
          <p>
            <strong>Web pořád ukazuje ukázkové údaje</strong> ({samples.join(', ')}). Návštěvníci je vidí v patičce, na kontaktu i
            v obchodních podmínkách. <Link href="/admin/nastaveni">Vyplnit moje údaje</Link>
          </p>
        </div>
      ) : null}
      {sampleQuotes.samples > 0 ? (
        <p className="notice" data-testid="sample-testimonials">
          <strong>
            Ukázkové reference na webu: {sampleQuotes.samples} z {sampleQuotes.total}.
          </strong>{' '}
          Jsou to vymyšlené citáty, ne slova vašich párů. <Link href="/admin/obsah#testimonials-title">Nahradit je v obsahu webu</Link>
        </p>
      ) : null}
      <ContentOutageBanner />
      <ul className={styles.stats} aria-label="Počty poptávek podle stavu">
        {SHOWN.map((s) => (
          <li key={s} className={styles.stat}>
            <Link href={`/admin/bookings?stav=${s}`}>
              <span className={styles.statValue}>{counts[s]}</span>
              <span className={styles.statLabel}>{STATUS_LABELS[s]}</span>
            </Link>
          </li>
        ))}
        <li className={styles.stat}>
          <Link href="/admin/mail">
            <span className={styles.statValue} data-testid="unsent-mails">{unsent}</span>
            <span className={styles.statLabel}>{smtp ? 'Neodeslané e-maily' : 'Neodeslané e-maily (SMTP není nastavené)'}</span>
          </Link>
        </li>
      </ul>
      <section aria-labelledby="upcoming-title" className="section" style={{ paddingTop: 0 }}>
        <h2 id="upcoming-title">Nadcházející svatby</h2>
        <InquiryList items={upcoming} caption="Nadcházející blokované a potvrzené svatby" empty="Žádné nadcházející svatby: zatím žádná poptávka nemá blokovaný ani potvrzený termín." />
      </section>
      <section aria-labelledby="new-title" className="section" style={{ paddingTop: 0 }}>
        <h2 id="new-title">Nové poptávky</h2>
        <InquiryList items={fresh} caption="Nové poptávky" />
        <p>
          <Link href="/admin/bookings">Všechny poptávky</Link>
        </p>
      </section>
      <section aria-labelledby="calendar-title" className="card">
        <h2 id="calendar-title">Kalendář svateb</h2>
        <p>
          Tuto adresu přidejte do svého kalendáře (Google, Apple, Outlook) jako odběr. Obsahuje blokované a potvrzené svatby.
          Adresa je tajná – kdo ji zná, vidí jména párů.
        </p>
        <p className={styles.feed} data-testid="calendar-url">
          {feedUrl}
        </p>
        {sp.kalendar === 'novy' ? (
          <p className="notice notice-ok" role="status">
            Vytvořena nová adresa; stará přestala fungovat.
          </p>
        ) : null}
        <form action={rotateCalendarTokenAction}>
          <button type="submit" className="btn btn-small">
            Vytvořit novou adresu (zneplatní starou)
          </button>
        </form>
      </section>
      <BackupCard />
    </div>
  );
}
