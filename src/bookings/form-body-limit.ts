/**
 * Booking form posts (server actions) larger than this are refused in the proxy with a Czech 413 page, before
 * Next's own server-action body limit would answer with a 500. Legitimate forms stay far below (≈25 KB max).
 */
export const FORM_POST_LIMIT_BYTES = 128 * 1024;
const FORM_PATHS = ['/rezervace', '/rezervace/overeni', '/simple-booking', '/kontakt'];

export function oversizedFormPost(method: string, pathname: string, contentLength: string | null): boolean {
  if (method !== 'POST' || !FORM_PATHS.includes(pathname.replace(/\/+$/, '') || '/')) return false;
  const n = Number(contentLength ?? '0');
  return Number.isFinite(n) && n > FORM_POST_LIMIT_BYTES;
}

export function oversizedFormResponse(pathname: string): Response {
  const back = FORM_PATHS.includes(pathname) && pathname !== '/rezervace/overeni' ? pathname : '/rezervace';
  const html = `<!doctype html><html lang="cs"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Formulář je příliš velký</title></head><body style="font-family:Georgia,serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f1d1a;background:#faf7f2"><main><h1>Formulář je příliš velký</h1><p>Odeslaný text je delší, než formulář dovoluje (zpráva může mít nejvýše 5000 znaků). Zkraťte jej prosím a odešlete formulář znovu.</p><p><a href="${back}">Zpět na formulář</a></p></main></body></html>`;
  return new Response(html, { status: 413, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
