import type { Metadata } from 'next';
import { requireAdmin } from '@/accounts/guards.server';
import { termPlaceholders } from '@/site/public.server';
import { EraseForm } from '@/bookings/ui/admin-forms';
import styles from '@/bookings/ui/admin.module.css';

export const metadata: Metadata = { title: 'Osobní údaje (GDPR)' };

export default async function GdprPage() {
  await requireAdmin();
  const t = termPlaceholders();
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Osobní údaje</h1>
      <div className="grid grid-2">
        <section aria-labelledby="export-title" className="card">
          <h2 id="export-title">Export údajů o jednom e-mailu</h2>
          <p>Stáhne vše, co je o dané adrese uloženo: poptávky, historii, poznámky a e-maily (JSON).</p>
          <form method="get" action="/admin/export/gdpr" className="form">
            <div className="field">
              <label htmlFor="export-email">E-mail</label>
              <input id="export-email" name="email" type="email" required autoComplete="off" />
            </div>
            <div>
              <button type="submit" className="btn">
                Stáhnout export
              </button>
            </div>
          </form>
        </section>
        <section aria-labelledby="erase-title" className="card">
          <h2 id="erase-title">Výmaz údajů o jednom e-mailu</h2>
          <EraseForm />
        </section>
      </div>
      <p className="muted" style={{ marginTop: '2rem' }}>
        Poptávky, které nevedly k rezervaci (nové, v jednání, zamítnuté, zrušené a propadlé), se automaticky anonymizují{' '}
        {t.inquiryRetentionMonths} po datu svatby (bez data po přijetí poptávky). Účty snoubenců se mažou, jakmile od svatby
        i od posledního přihlášení uplyne {t.accountRetentionMonths}. Obojí nastavuje soubor content/terms.json.
      </p>
    </div>
  );
}
