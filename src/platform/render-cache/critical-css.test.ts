import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFERRED_MEDIA_SCRIPT, inlineCriticalCss } from './critical-css.mjs';
import { policyForHtml } from '../csp-policy.mjs';
import { createHash } from 'node:crypto';

let staticDir: string;

beforeAll(() => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'critical-css-'));
  staticDir = path.join(root, 'static');
  fs.mkdirSync(path.join(staticDir, 'chunks'), { recursive: true });
  fs.writeFileSync(
    path.join(staticDir, 'chunks', 'layout.css'),
    '@font-face{font-family:bodyLatin;src:url(../media/inter.woff2)format("woff2");font-display:optional}' +
      ':root{--paper:#faf7f2}.used{color:red}.unused-anywhere{color:blue}@media (min-width:48rem){.used{color:green}}',
  );
  fs.writeFileSync(path.join(staticDir, 'chunks', 'page.css'), '.hero{min-height:80vh}.not-on-this-page{display:grid}');
});
afterAll(() => fs.rmSync(path.dirname(staticDir), { recursive: true, force: true }));

const page = (body: string) =>
  '<!DOCTYPE html><html lang="cs"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/layout.css" data-precedence="next"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/page.css" data-precedence="next"/>' +
  `<title>t</title></head><body>${body}<script>self.__next_f.push([1,"<div class=\\"unused-anywhere\\">"])</script></body></html>`;

describe('inlineCriticalCss', () => {
  it('inlines the rules the document uses and the font faces once, and defers every linked sheet', async () => {
    const html = page('<main><p class="used">a</p><section class="hero">b</section></main>');
    const out = await inlineCriticalCss(html, staticDir);
    const styles = [...out.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);
    expect(styles).toHaveLength(1);
    const css = styles[0];
    expect(css).toContain('@font-face{font-family:bodyLatin;src:url(/_next/static/media/inter.woff2)');
    expect(css).toContain('--paper:#faf7f2');
    expect(css).toContain('.used{color:red}');
    expect(css).toContain('.used{color:green}');
    expect(css).toContain('.hero{min-height:80vh}');
    // Only elements of the markup count, not text in the flight data.
    expect(css).not.toContain('unused-anywhere');
    expect(css).not.toContain('not-on-this-page');
    // Links stay (React adopts them by href), at print media until the script switches them; <noscript> twins.
    for (const href of ['/_next/static/chunks/layout.css', '/_next/static/chunks/page.css']) {
      expect(out).toContain(`<link rel="stylesheet" href="${href}" data-precedence="next" media="print" data-beasties-media="all"/><noscript><link rel="stylesheet" href="${href}"/></noscript>`);
    }
    expect(out.indexOf('<style>')).toBeLessThan(out.indexOf('layout.css'));
    expect(out.endsWith(`<script>${DEFERRED_MEDIA_SCRIPT}</script></body></html>`)).toBe(true);
    // The markup itself is untouched.
    expect(out).toContain('<main><p class="used">a</p><section class="hero">b</section></main>');
    // The page's hash policy covers the added script.
    expect(policyForHtml(out)).toContain(`'sha256-${createHash('sha256').update(DEFERRED_MEDIA_SCRIPT).digest('base64')}'`);
    // Once done, not again.
    expect(await inlineCriticalCss(out, staticDir)).toBe(out);
  });

  it('leaves the page as rendered when the result would exceed the budget, or when it links no build sheet', async () => {
    const html = page('<p class="used">a</p>');
    expect(await inlineCriticalCss(html, staticDir, Buffer.byteLength(html) + 50)).toBe(html);
    const plain = '<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p></body></html>';
    expect(await inlineCriticalCss(plain, staticDir)).toBe(plain);
  });

  it('reads only stylesheets of the build folder (the render cache then keeps the page as rendered)', async () => {
    const html = page('<p class="used">a</p>').replace('/_next/static/chunks/page.css', '/_next/static/../../etc/passwd.css');
    await expect(inlineCriticalCss(html, staticDir)).rejects.toThrow(/not a build stylesheet/);
  });
});
