import 'server-only';
import { formatCzechDate } from '@/platform/dates';
import { galleriesOfEmail } from '../delivery-jobs.server';
import { galleryDeps } from '../runtime.server';

/**
 * /ucet: the client galleries of a signed-in couple, shown only when their e-mail is confirmed (a matching but
 * unproven e-mail shows nothing), each with a button that opens it without the code.
 */
export async function AccountGalleries({ email, confirmed }: { email: string; confirmed: boolean }) {
  if (!confirmed) return null;
  const galleries = await galleriesOfEmail((await galleryDeps()).db, email, new Date());
  if (galleries.length === 0) return null;
  return (
    <section className="card" aria-labelledby="account-galleries-title" style={{ marginTop: '2rem' }} data-testid="account-galleries">
      <h2 id="account-galleries-title" style={{ fontSize: '1.6rem' }}>
        Vaše galerie
      </h2>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }}>
        {galleries.map((g) => (
          <li key={g.slug}>
            <p style={{ margin: 0, fontWeight: 500 }}>{g.title}</p>
            {g.weddingDate ? <p className="muted" style={{ margin: 0 }}>{formatCzechDate(g.weddingDate)}</p> : null}
            {g.expired ? (
              <p className="muted">Platnost galerie vypršela. Napište mi, pokud ji potřebujete prodloužit.</p>
            ) : (
              <form method="post" action={`/api/galleries/${g.slug}/account-access`}>
                <button type="submit" className="btn btn-primary">
                  Otevřít galerii
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
