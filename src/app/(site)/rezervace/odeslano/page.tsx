import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { REFERENCE_PATTERN } from '@/bookings/reference';
import styles from '@/bookings/ui/booking.module.css';
import { firstParam, type SearchParams } from '@/platform/search-params';
import { getEnv } from '@/platform/env';

export const metadata: Metadata = { title: 'Poptávka odeslána', robots: { index: false } };


/** Shown only after the inquiry was committed (the action redirects here with its reference). */
export default async function SentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const ref = firstParam(sp, 'ref');
  const valid = ref && REFERENCE_PATTERN.test(ref) ? ref : null;
  const contact = firstParam(sp, 'typ') === 'kontakt';
  // Without SMTP nothing leaves the outbox: never claim a confirmation was sent.
  const canMail = Boolean(getEnv().SMTP_URL);
  return (
    <section className={`container-narrow page-header ${styles.confirmation}`} aria-labelledby="sent-title">
      <p className="eyebrow">{contact ? 'Zpráva odeslána' : 'Poptávka odeslána'}</p>
      <h1 id="sent-title">Děkuji, {contact ? 'zprávu' : 'poptávku'} jsem v pořádku přijala</h1>
      {valid ? (
        <>
          <p className="lead">Číslo vaší {contact ? 'zprávy' : 'poptávky'}:</p>
          <p className={styles.reference} data-testid="reference">
            {valid}
          </p>
          {canMail ? (
            <p>
              Na váš e-mail jsem poslala potvrzení se shrnutím. Ozvu se vám do dvou pracovních dnů. Pokud budete chtít cokoli
              doplnit, odpovězte na potvrzovací e-mail a uveďte toto číslo.
            </p>
          ) : (
            <p>
              Ozvu se vám sama do dvou pracovních dnů na e-mail nebo telefon, který jste uvedli. Pokud budete chtít cokoli
              doplnit, napište mi a uveďte toto číslo.
            </p>
          )}
        </>
      ) : (
        <p className="lead">{canMail ? 'Potvrzení se shrnutím najdete ve svém e-mailu.' : 'Ozvu se vám sama na kontakt, který jste uvedli.'}</p>
      )}
      <p style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <Link href="/portfolio" className="btn btn-primary">
          Prohlédnout portfolio
        </Link>
        <Link href="/" className="btn">
          Zpět na úvod
        </Link>
      </p>
    </section>
  );
}
