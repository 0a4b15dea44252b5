import type { Metadata } from 'next';
import { Link } from '@/ui/link';
import { requireAdmin } from '@/accounts/guards.server';
import styles from '@/bookings/ui/admin.module.css';
import { studioDeps } from '@/content/studio/runtime.server';
import { listWeddings } from '@/content/studio/service.server';
import { NewWeddingForm } from '@/content/studio/ui/new-wedding-form';
import studio from '@/content/studio/ui/studio.module.css';
import { formatCzechDate } from '@/platform/dates';
import { czechCount, PHOTOS } from '@/site/public';

export const metadata: Metadata = { title: 'Svatby – administrace', robots: { index: false } };


/** /admin/svatby — the photographer's own weddings (drafts and published) and a form for a new one. */
export default async function StudioWeddingsPage() {
  await requireAdmin();
  const { db } = await studioDeps();
  const weddings = await listWeddings(db);
  return (
    <div className={`container ${styles.shell}`}>
      <h1>Svatby</h1>
      <p>
        Dokud není zveřejněná žádná vlastní svatba, web ukazuje ukázkové svatby. Po zveřejnění první z nich ukázky zmizí.
      </p>
      {weddings.length ? (
        <ul className={studio.list} aria-label="Vaše svatby">
          {weddings.map((w) => (
            <li key={w.id}>
              <Link href={`/admin/svatby/${w.id}`}>{w.couple}</Link>
              <span>
                {formatCzechDate(w.date)}, {w.location}
              </span>
              <span>
                {czechCount(w.photoCount, PHOTOS)} · {w.published ? 'zveřejněno' : 'koncept'}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>Zatím žádná vlastní svatba.</p>
      )}
      <section aria-labelledby="new-title">
        <h2 id="new-title">Nová svatba</h2>
        <NewWeddingForm />
      </section>
    </div>
  );
}
