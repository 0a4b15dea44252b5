import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildCsp, rendersFromCache } from './csp';
import { policyForHtml, scriptSourcesForHtml } from './csp-policy.mjs';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('hash policy for a cached page', () => {
  it('allows exactly the inline scripts and integrity-pinned chunks of the document, nothing inline by default', () => {
    const html = [
      '<html><head><script src="/_next/static/chunks/a.js" integrity="sha256-AAAA" async=""></script>',
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      '</head><body><script>(self.__next_f=self.__next_f||[]).push([0])</script>',
      '<script>self.__next_f.push([1,"x"])</script><script>self.__next_f.push([1,"x"])</script>',
      '<script src="/no-integrity.js"></script></body></html>',
    ].join('');
    expect(scriptSourcesForHtml(html)).toEqual(["'sha256-AAAA'", sha('(self.__next_f=self.__next_f||[]).push([0])'), sha('self.__next_f.push([1,"x"])')]);
    const policy = policyForHtml(html);
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toContain("'strict-dynamic'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    // The JSON-LD data block is not a script: no hash for it.
    expect(policy).not.toContain(sha('{"@type":"Person"}'));
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('keeps the rest of the policy identical to the per-request one', () => {
    const noScripts = (p: string) => p.split('; ').filter((d) => !d.startsWith('script-src'));
    expect(noScripts(policyForHtml('<p>x</p>'))).toEqual(noScripts(buildCsp('abc', false)));
    expect(buildCsp('abc', false)).toContain("'nonce-abc' 'strict-dynamic'");
  });
});

describe('which paths are answered from the render cache', () => {
  it.each([
    ['/', true],
    ['/portfolio', true],
    ['/weddings/tereza-jakub', true],
    ['/weddings/id/2', true],
    ['/weddings/galerie', true],
    ['/blog/plan-b', true],
    ['/darkovy-poukaz', true],
    ['/neco/co/neexistuje', true],
    ['/portfolio/vyber', false],
    ['/weddings/tereza-jakub/galerie', false],
    ['/weddings/id/2/galerie', false],
    ['/rezervace', true],
    ['/rezervace/odeslano', false],
    ['/rezervace/overeni', false],
    ['/simple-booking', false],
    ['/admin/bookings', false],
    ['/ucet', false],
    ['/galerie/anna-a-petr-x7k2qa', false],
    ['/galerie/anna-a-petr-x7k2qa/vyprsela', false],
    ['/smlouva/0b9c6f1e.abc', false],
    ['/obchodni-podminky', true],
    ['/obchodni-podminky/odstoupeni-od-smlouvy', true],
    ['/obchodni-podminky/verze', false],
    ['/obchodni-podminky/verze/2026-11-25', false],
    ['/strapi-test', false],
    ['/api/health', false],
    ['/bench-minimal', false],
  ])('%s → %s', (p, expected) => {
    expect(rendersFromCache(p)).toBe(expected);
  });
});
