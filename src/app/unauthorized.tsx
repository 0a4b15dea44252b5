import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Přihlášení', robots: { index: false } };

/**
 * 401 boundary. No page calls `unauthorized()` (anonymous visitors are sent to the sign-in page), but with
 * `authInterrupts` Next renders this boundary into every page's flight data: a short Czech one instead of Next's
 * English default with its inline styles (≈ 1 KB less in every document).
 */
export default function Unauthorized() {
  return (
    <section className="container-narrow page-header">
      <h1>Přihlaste se prosím</h1>
    </section>
  );
}
