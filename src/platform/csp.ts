/** Content-Security-Policy with a per-request nonce for scripts (docs/decisions/005-csp-nonce.md). */
export function buildCsp(nonce: string, dev: boolean): string {
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''} https://www.googletagmanager.com`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: https://images.ctfassets.net https:`,
    `font-src 'self'`,
    `connect-src 'self' https://www.google-analytics.com https://*.google-analytics.com`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `object-src 'none'`,
  ].join('; ');
}
