import type { Metadata } from 'next';
import Link from 'next/link';
import { appDeps } from '@/bookings/runtime.server';
import { termPlaceholders } from '@/site/public.server';
import { formatCzechDate, isValidIsoDate } from '@/platform/dates';
import { initialFormState } from '@/bookings/form-submit.server';
import { getPackageOptions } from '@/bookings/packages';
import { checkDate, publicAvailability } from '@/bookings/page-data.server';
import { InquiryForm } from '@/bookings/ui/inquiry-form';
import styles from '@/bookings/ui/booking.module.css';
import { firstParam, type SearchParams } from '@/platform/search-params';

export const metadata: Metadata = {
  title: 'Rezervace termínu',
  description: 'Ověřte si, zda je váš svatební termín volný, a pošlete mi nezávaznou poptávku svatebního focení.',
  alternates: { canonical: '/rezervace' },
};


export default async function ReservationPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const data = await publicAvailability();
  const termin = firstParam(sp, 'termin')?.slice(0, 20);
  const check = checkDate(termin, data);
  const packages = getPackageOptions();
  const balicek = firstParam(sp, 'balicek');
  const prefill: Record<string, string> = {};
  if (balicek && packages.some((p) => p.id === balicek)) prefill.packageId = balicek;
  const datum = firstParam(sp, 'datum') ?? (check.kind === 'free' ? check.date : undefined);
  if (datum && isValidIsoDate(datum)) prefill.weddingDate = datum;
  const mesic = firstParam(sp, 'mesic');
  const initial = await initialFormState('full', appDeps().getDb, prefill);
  const t = termPlaceholders();

  return (
    <>
      <header className="container page-header">
        <p className="eyebrow">Rezervace</p>
        <h1>Poptávka svatebního focení</h1>
        <p className="lead">
          Napište mi o svém dni. Ozvu se do dvou pracovních dnů s dostupností a nabídkou. Poptávka je nezávazná a termín
          sama o sobě neblokuje – podržím vám ho, jakmile se domluvíme.
        </p>
      </header>
      <div className={`container section ${styles.layout}`} style={{ paddingTop: 0 }}>
        <section className={`card ${styles.areaCheck}`} aria-labelledby="check-title">
          <h2 id="check-title">Je váš termín volný?</h2>
          <form method="get" action="/rezervace#check-title" className={styles.checkForm}>
            {balicek ? <input type="hidden" name="balicek" value={balicek} /> : null}
            <div className="field">
              <label htmlFor="termin">Datum svatby</label>
              <input id="termin" name="termin" type="date" min={data.today} max={data.lastDay} defaultValue={termin ?? ''} required />
            </div>
            <button type="submit" className="btn">
              Ověřit termín
            </button>
          </form>
          <div role="status" aria-live="polite" data-testid="check-result">
            {check.kind === 'free' ? (
              <p className={`notice notice-ok ${styles.result}`}>
                Termín <strong>{formatCzechDate(check.date)}</strong> je zatím volný. Předvyplnila jsem ho do formuláře.
              </p>
            ) : check.kind === 'taken' ? (
              <p className={`notice notice-error ${styles.result}`}>
                Termín <strong>{formatCzechDate(check.date)}</strong> je bohužel už obsazený. Napište mi i tak – ráda vám
                doporučím ověřeného kolegu.
              </p>
            ) : check.kind === 'invalid' ? (
              <p className={`notice notice-error ${styles.result}`}>{check.message}</p>
            ) : check.kind === 'unknown' ? (
              <p className={`notice ${styles.result}`}>Dostupnost se teď nepodařilo ověřit. Zkuste to prosím znovu za chvíli.</p>
            ) : null}
          </div>
        </section>
        <div className={styles.areaForm}>
          <InquiryForm
            initial={initial}
            packages={packages}
            taken={data.taken}
            today={data.today}
            lastDay={data.lastDay}
            initialMonth={mesic && /^\d{4}-\d{2}$/.test(mesic) ? mesic : undefined}
          />
        </div>
        <section className={`card ${styles.areaNext}`} aria-labelledby="next-title">
          <h2 id="next-title">Co bude dál?</h2>
          <ol>
            <li>Do dvou pracovních dnů se vám ozvu e-mailem nebo telefonicky.</li>
            <li>Domluvíme se na detailech, pošlu vám smlouvu a termín vám na {t.holdDays} podržím.</li>
            <li>
              Po zaplacení zálohy ve výši {t.depositPercent} z ceny balíčku (splatné do {t.depositDueDaysGen} od uzavření smlouvy) je
              rezervace potvrzená a pošlu vám pozvánku do kalendáře.
            </li>
          </ol>
          <p>
            <Link href="/obchodni-podminky">Obchodní podmínky</Link> – záloha, storno poplatky, dodání fotografií.
          </p>
        </section>
      </div>
    </>
  );
}
