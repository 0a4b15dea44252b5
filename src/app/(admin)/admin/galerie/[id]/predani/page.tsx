import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { notFound } from 'next/navigation';
import { requireAdmin } from '@/accounts/guards.server';
import styles from '@/bookings/ui/admin.module.css';
import { deliveryOverview, selectionForAdmin } from '@/galleries/admin-delivery.server';
import { galleryById } from '@/galleries/read.server';
import { galleryDeps } from '@/galleries/runtime.server';
import { DeliveryActions } from '@/galleries/ui/delivery-actions';
import { formatCzechDateTime } from '@/platform/dates';

export const metadata: Metadata = { title: 'Předání galerie – administrace', robots: { index: false } };

const KINDS: Record<string, string> = {
  access: 'Vstup do galerie',
  view: 'Zobrazení',
  favorite: 'Oblíbená',
  unfavorite: 'Odebrána z oblíbených',
  select: 'Do výběru do alba',
  unselect: 'Z výběru do alba',
  'selection-submitted': 'Výběr do alba odeslán',
  'selection-reopened': 'Výběr do alba znovu otevřen',
  download: 'Stažení',
  consent: 'Souhlas se zveřejněním',
  portfolio: 'Na web (portfolio)',
};

function bytes(n: number | null): string {
  if (n === null) return '';
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toLocaleString('cs-CZ', { maximumFractionDigits: 1 })} MB` : `${Math.ceil(n / 1024)} kB`;
}

/** /admin/galerie/{id}/predani — the delivery of one gallery: the ready mail, the album selection, consent, activity. */
export default async function GalleryDeliveryPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  const deps = await galleryDeps();
  const gallery = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? await galleryById(deps, id) : null;
  if (!gallery) notFound();
  const [selection, overview] = await Promise.all([selectionForAdmin(deps, gallery), deliveryOverview(deps.db, gallery)]);
  return (
    <div className={`container ${styles.shell}`}>
      <p>
        <Link href={`/admin/galerie/${gallery.id}`}>← Nastavení galerie</Link>
      </p>
      <h1>Předání: {gallery.title}</h1>
      <p>
        Odkaz pro pár: <code>/galerie/{gallery.slug}</code> · kód páru <code>{gallery.code}</code>
        {gallery.guestCode ? (
          <>
            {' '}
            · kód pro hosty <code>{gallery.guestCode}</code>
          </>
        ) : null}
      </p>
      <p>
        {overview.readyMails.length
          ? `E-mail „fotografie jsou připravené“ odešel ${overview.readyMails.map((d) => formatCzechDateTime(d)).join(', ')}.`
          : 'E-mail „fotografie jsou připravené“ zatím neodešel.'}
        {overview.reminders.length ? ` Připomínka před koncem platnosti odešla ${overview.reminders.map((d) => formatCzechDateTime(d)).join(', ')}.` : ''}
      </p>
      <DeliveryActions galleryId={gallery.id} lightroom={selection.lightroom} canReopen={selection.submittedAt !== null} />

      <section aria-labelledby="selection-title" style={{ marginTop: '2rem' }}>
        <h2 id="selection-title">Výběr do alba</h2>
        <p data-testid="admin-selection-state">
          {selection.submittedAt
            ? `Odesláno ${formatCzechDateTime(selection.submittedAt)} (${selection.submittedBy ?? ''}), ${selection.fileNames.length} fotografií${selection.limit ? ` z ${selection.limit}` : ''}.`
            : `Zatím neodesláno (vybráno ${selection.fileNames.length}${selection.limit ? ` z ${selection.limit}` : ''}).`}
        </p>
        {selection.fileNames.length ? (
          <>
            <label htmlFor="lightroom-filter">Filtr pro Lightroom</label>
            <textarea id="lightroom-filter" readOnly value={selection.lightroom} rows={3} style={{ width: '100%' }} data-testid="lightroom-filter" />
            <p>
              <a href={`/api/admin/galleries/${gallery.id}/selection?format=csv`}>Stáhnout výběr jako CSV</a>
            </p>
          </>
        ) : null}
      </section>

      <section aria-labelledby="consent-title" style={{ marginTop: '2rem' }}>
        <h2 id="consent-title">Souhlas se zveřejněním</h2>
        <p data-testid="admin-consent">
          {overview.consent.given === null
            ? 'Pár zatím neodpověděl.'
            : `${overview.consent.given ? 'Souhlas udělen' : 'Souhlas odmítnut'} ${overview.consent.answeredAt ? formatCzechDateTime(overview.consent.answeredAt) : ''}${overview.consent.email ? ` (${overview.consent.email})` : ''}.`}
        </p>
      </section>

      <section aria-labelledby="activity-title" style={{ marginTop: '2rem' }}>
        <h2 id="activity-title">Aktivita</h2>
        <p>
          Zobrazení: {overview.counts.views} · oblíbené: {overview.counts.favorites} · stažení: {overview.counts.downloads} · vstupy: {overview.counts.accesses}
        </p>
        {overview.favoriteOwners.length ? (
          <p>
            Oblíbené podle návštěvníků: {overview.favoriteOwners.map((o) => `${o.who} (${o.count})`).join(', ')}
          </p>
        ) : null}
        {overview.activity.length ? (
          <div style={{ overflowX: 'auto' }}>
          <table data-testid="admin-activity">
            <thead>
              <tr>
                <th scope="col">Kdy</th>
                <th scope="col">Co</th>
                <th scope="col">Kdo</th>
                <th scope="col">Podrobnosti</th>
              </tr>
            </thead>
            <tbody>
              {overview.activity.map((a, i) => (
                <tr key={i}>
                  <td>{formatCzechDateTime(a.at)}</td>
                  <td>{KINDS[a.kind] ?? a.kind}</td>
                  <td>{a.email ?? 'návštěvník bez e-mailu'}</td>
                  <td>
                    {a.detail} {bytes(a.bytes)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        ) : (
          <p>Zatím žádná aktivita.</p>
        )}
      </section>
    </div>
  );
}
