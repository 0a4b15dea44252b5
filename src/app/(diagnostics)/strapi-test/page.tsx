import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { connection } from 'next/server';
import { getContentStatus, getWeddings, type ContentStatus } from '@/content/registry.server';
import { getEnv } from '@/platform/env';
import { ContentOutageBanner } from '@/content/ui/status/content-outage-banner';
import { getCurrentUser, isAdmin } from '@/accounts/guards.server';

export const metadata: Metadata = {
  title: 'Diagnostika obsahu',
  description: 'Který zdroj obsahu je nastaven a zda odpovídá.',
};

const SOURCE_LABEL: Record<ContentStatus['source'], string> = {
  local: 'Vestavěný obsah (ukázkové svatby a články v souborech)',
  contentful: 'Contentful (Content Delivery API)',
  strapi: 'Strapi',
};

const dateTime = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'long', timeStyle: 'medium', timeZone: 'Europe/Prague' });
const wrap = { overflowWrap: 'anywhere' } as const;

function weddingsWord(n: number): string {
  if (n === 1) return 'svatba';
  if (n >= 2 && n <= 4) return 'svatby';
  return 'svateb';
}

/** Addresses and error texts say where internal services live and what failed inside: the admin's eyes only. */
const HIDDEN = 'skryto – podrobnosti vidí přihlášený administrátor';

function configRows(status: ContentStatus, admin: boolean): [string, string][] {
  const { config } = status;
  if (!admin) return [['Zdroj', SOURCE_LABEL[status.source]]];
  const rows: [string, string][] = [['Zdroj', SOURCE_LABEL[status.source]]];
  if (status.source === 'strapi') {
    rows.push(['Adresa Strapi', config.strapiUrl ?? '—']);
    rows.push(['Prefix API', config.strapiPrefix || '(žádný)']);
    rows.push(['Verze Strapi', config.strapiVersion ?? '—']);
    rows.push(['API token', config.strapiTokenSet ? 'nastaven' : 'nenastaven']);
  }
  if (status.source === 'contentful') {
    rows.push(['Adresa Content Delivery API', config.contentfulCdaUrl ?? '—']);
    rows.push(['Space', config.contentfulSpaceId ?? '—']);
    rows.push(['Prostředí (environment)', config.contentfulEnvironment ?? '—']);
  }
  return rows;
}

function SourceStatus({ status, id, title, admin }: { status: ContentStatus; id: string; title: string; admin: boolean }) {
  const ok = status.answered && !status.usingFallback;
  return (
    <section aria-labelledby={id} className="section" data-testid={`status-${status.source}`}>
      <h2 id={id}>{title}</h2>
      <div className="table-wrap">
        <table className="table">
          <tbody>
            {configRows(status, admin).map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td style={wrap}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={`notice ${ok ? 'notice-ok' : 'notice-error'}`}>
        <p>
          <strong>Zdroj odpověděl: </strong>
          <span data-testid="content-answered">{status.answered ? 'ano' : 'ne'}</span> (kontrola trvala {status.durationMs} ms,{' '}
          {dateTime.format(new Date(status.checkedAt))})
        </p>
        <p>
          <strong>Počet svateb ve zdroji: </strong>
          <span data-testid="content-count">{status.itemCount}</span>
        </p>
        <p>
          <strong>Návštěvníci vidí: </strong>
          {status.usingFallback
            ? 'vestavěné ukázkové svatby (záložní data), protože zdroj neodpověděl nebo je prázdný'
            : status.servingLastGood
              ? 'poslední známý obsah z tohoto zdroje, protože teď neodpovídá'
              : 'obsah z tohoto zdroje'}
        </p>
        {status.outage ? (
          <p>
            <strong>Výpadek: </strong>
            od {dateTime.format(new Date(status.outage.since))}, neúspěšných pokusů o načtení:{' '}
            <span data-testid="outage-failures">{status.outage.failures}</span>
          </p>
        ) : null}
        {status.error ? (
          <p>
            <strong>Chyba při této kontrole: </strong>
            <code data-testid="content-error" style={wrap}>
              {admin ? status.error : HIDDEN}
            </code>
          </p>
        ) : null}
        <p>
          <strong>Poslední zaznamenaná chyba: </strong>
          {status.lastError ? (
            <>
              <code data-testid="content-last-error" style={wrap}>
                {admin ? status.lastError.message : HIDDEN}
              </code>{' '}
              ({admin ? `při načítání „${status.lastError.context}“, ` : ''}
              {dateTime.format(new Date(status.lastError.at))})
            </>
          ) : (
            'žádná'
          )}
        </p>
      </div>
    </section>
  );
}

/**
 * Diagnostics of the content layer (docs/spec.md §2 /strapi-test): the configured source, whether it answered and how
 * many weddings it has; also the Strapi server when STRAPI_URL is set but another source is configured
 * (the /strapi-* pages read it).
 */
export default async function ContentDiagnosticsPage() {
  await connection();
  const env = getEnv();
  const strapiExtra = env.CONTENT_SOURCE !== 'strapi' && Boolean(env.STRAPI_URL);
  const admin = isAdmin(await getCurrentUser());
  const [status, strapiStatus, weddings] = await Promise.all([
    getContentStatus(),
    strapiExtra ? getContentStatus('strapi') : Promise.resolve(null),
    getWeddings(),
  ]);

  return (
    <div className="container">
      <header className="page-header">
        <p className="eyebrow">Technická stránka</p>
        <h1>Diagnostika obsahu</h1>
        <p className="lead">Odkud web právě čerpá svatby, fotografie a články a zda zdroj odpovídá.</p>
      </header>
      <ContentOutageBanner />

      <SourceStatus status={status} id="nastaveny-zdroj" title="Nastavený zdroj obsahu" admin={admin} />
      {strapiStatus ? <SourceStatus status={strapiStatus} id="strapi" title="Server Strapi (stránky /strapi-…)" admin={admin} /> : null}

      <section aria-labelledby="svatby" className="section">
        <h2 id="svatby">
          Zobrazované svatby ({weddings.length} {weddingsWord(weddings.length)})
        </h2>
        <ul data-testid="content-weddings">
          {weddings.map((w) => (
            <li key={w.id}>
              <Link href={`/weddings/${encodeURIComponent(w.slug)}`}>{w.couple}</Link> – {w.location}, {w.year}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
