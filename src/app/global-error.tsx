'use client';

/** Last resort when the root layout itself fails: no fonts, no layout, still Czech. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="cs">
      <body style={{ fontFamily: 'system-ui, sans-serif', padding: '3rem 1.5rem', background: '#faf7f2', color: '#1f1d1a' }}>
        <title>Internal Server Error</title>
        <h1>Něco se pokazilo</h1>
        <p>Omlouvám se, stránku se nepodařilo zobrazit. Zkuste to prosím za chvíli znovu.</p>
        <p>Internal Server Error{error.digest ? ` (${error.digest})` : ''}</p>
        <p>
          {/* A full reload is wanted here: the app shell itself failed. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/">Zpět na úvod</a>
        </p>
      </body>
    </html>
  );
}
