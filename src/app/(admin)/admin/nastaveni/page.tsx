import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { inquiryNotifyAddress, requireAdmin } from '@/accounts/public.server';
import { getEnv } from '@/platform/env';
import { effectiveSettings } from '@/site/public.server';
import { ExportImport, IdentityForm, TermsForm } from '@/ui/admin-settings/settings-editor';
import styles from '@/bookings/ui/admin.module.css';

export const metadata: Metadata = { title: 'Administrace – nastavení' };

const NOTIFY_SOURCE: Record<string, string> = {
  settings: 'adresa uložená zde',
  env: 'proměnná PHOTOGRAPHER_EMAIL',
  admin: 'e-mail administrátora',
  site: 'veřejný e-mail webu',
};

/** Her identity, where inquiries go, the booking numbers of the terms, and the export/import of all settings. */
export default async function SettingsPage() {
  await requireAdmin();
  const doc = effectiveSettings();
  const notify = await inquiryNotifyAddress();
  const smtp = Boolean(getEnv().SMTP_URL);
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Nastavení webu</h1>
      <p>
        Nové poptávky teď chodí na <strong>{notify.email}</strong> ({NOTIFY_SOURCE[notify.source]}).{' '}
        {smtp ? 'E-maily se odesílají přes nastavený SMTP server.' : 'SMTP server není nastavený: e-maily se jen ukládají do schránky v administraci a nikomu neodcházejí. Odesílání zapnete proměnnou SMTP_URL.'}{' '}
        <Link href="/admin/mail">E-maily</Link>
      </p>
      <p>
        Ceník, časté dotazy a reference upravíte v části <Link href="/admin/obsah">Obsah webu</Link>.
      </p>
      <IdentityForm initial={doc.photographer} notifyDefault={notify.source === 'settings' ? 'e-mail administrátora' : notify.email} />
      <TermsForm initial={doc.terms} />
      <ExportImport />
    </div>
  );
}
