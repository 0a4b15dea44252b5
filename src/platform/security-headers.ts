/**
 * Security headers on every response (next.config `headers()` covers static files too; the proxy adds the
 * per-request CSP and, behind https, HSTS). Kept in one place so tests and both layers agree.
 */
export const STATIC_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** Two years, subdomains included: only sent when the site is served over https (SITE_URL). */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

export function wantsHsts(siteUrl: string | undefined, nodeEnv: string | undefined): boolean {
  return nodeEnv === 'production' && Boolean(siteUrl?.startsWith('https://'));
}
