import { beforeEach, describe, expect, it, vi } from 'vitest';
import RenderCacheHandler, { FAIL_CLOSED_POLICY, invalidateRenderCacheTags, onRenderCacheInvalidation, renderCacheStats, ROOT_LAYOUT_TAG, type CacheValue } from './handler.mjs';

function page(html: string, tags = '_N_T_/layout,_N_T_/weddings/x', status = 200): CacheValue {
  return { kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), status, headers: { 'x-next-cache-tags': tags } };
}

const handler = new RenderCacheHandler();

beforeEach(async () => {
  // Start every test from an empty store.
  invalidateRenderCacheTags([ROOT_LAYOUT_TAG]);
  await new Promise((r) => setTimeout(r, 2));
});

describe('render cache handler', () => {
  it('stores a page with a CSP for its own inline scripts, also on the object Next sends on a miss', async () => {
    const value = page('<script>a()</script><p>hi</p>');
    await handler.set('/weddings/x', value, { cacheControl: { revalidate: 60 } });
    expect(value.headers?.['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+' 'strict-dynamic'/);
    const hit = await handler.get('/weddings/x');
    expect(hit?.value.headers?.['content-security-policy']).toBe(value.headers?.['content-security-policy']);
    expect(hit?.cacheControl).toEqual({ revalidate: 60 });
  });

  it('does not keep 404s or pages rendered with a nonce', async () => {
    await handler.set('/nic', page('<script>a()</script>', '_N_T_/layout', 404), {});
    expect(await handler.get('/nic')).toBeNull();
    const nonced = page('<script nonce="abc">a()</script>');
    await handler.set('/admin/x', nonced, {});
    expect(await handler.get('/admin/x')).toBeNull();
    expect(nonced.headers?.['content-security-policy']).toBeUndefined();
  });

  it('expires by tag, the root layout tag expires everything, and listeners hear local invalidations only', async () => {
    const heard: string[][] = [];
    const off = onRenderCacheInvalidation((tags) => heard.push(tags));
    await handler.set('/weddings/x', page('<p>x</p>'), {});
    await handler.set('/blog/y', page('<p>y</p>', '_N_T_/layout,_N_T_/blog/y'), {});
    await new Promise((r) => setTimeout(r, 2));
    await handler.revalidateTag(['_N_T_/blog/y']);
    expect(await handler.get('/blog/y')).toBeNull();
    expect(await handler.get('/weddings/x')).not.toBeNull();
    invalidateRenderCacheTags([ROOT_LAYOUT_TAG]);
    expect(await handler.get('/weddings/x')).toBeNull();
    expect(heard).toEqual([['_N_T_/blog/y']]);
    off();
  });

  it('stays within its byte budget, dropping the least recently used page', async () => {
    const previous = process.env.RENDER_CACHE_MAX_MB;
    process.env.RENDER_CACHE_MAX_MB = String(4000 / 1024 / 1024);
    try {
      await handler.set('/a', page('a'.repeat(1000)), {});
      await handler.set('/b', page('b'.repeat(1000)), {});
      await handler.get('/a');
      await handler.set('/c', page('c'.repeat(1000)), {});
      expect(await handler.get('/b')).toBeNull();
      expect(await handler.get('/a')).not.toBeNull();
      expect(await handler.get('/c')).not.toBeNull();
      expect(renderCacheStats().bytes).toBeLessThanOrEqual(4000);
    } finally {
      if (previous === undefined) delete process.env.RENDER_CACHE_MAX_MB;
      else process.env.RENDER_CACHE_MAX_MB = previous;
    }
  });
});

describe('chunk integrity', () => {
  it('pins scripts and script preloads that lack integrity to the build file, leaves others alone', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { createHash } = await import('node:crypto');
    const { pinChunkIntegrity } = await import('./handler.mjs');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-'));
    fs.mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'static', 'chunks', 'a.js'), 'console.log(1)');
    new RenderCacheHandler({ serverDistDir: path.join(dist, 'server') });
    const expected = `sha256-${createHash('sha256').update('console.log(1)').digest('base64')}`;
    const html = pinChunkIntegrity(
      '<script src="/_next/static/chunks/a.js" async=""></script><link rel="preload" as="script" href="/_next/static/chunks/a.js"/>' +
        '<script src="/_next/static/chunks/b.js" integrity="sha256-X"></script><script src="/_next/static/../../etc/passwd"></script><script src="https://x.cz/y.js"></script>',
    );
    expect(html).toContain(`<script src="/_next/static/chunks/a.js" async="" integrity="${expected}">`);
    expect(html).toContain(`<link rel="preload" as="script" href="/_next/static/chunks/a.js" integrity="${expected}"/>`);
    expect(html).toContain('<script src="/_next/static/chunks/b.js" integrity="sha256-X">');
    expect(html).toContain('<script src="/_next/static/../../etc/passwd"></script>');
    expect(html).toContain('<script src="https://x.cz/y.js"></script>');
  });
});

describe('error routes', () => {
  it('never keeps the app-wide not-found page, whatever status Next gives it', async () => {
    await handler.set('/_not-found', page('<p>Page not found: /a</p>', '_N_T_/layout', 200), {});
    expect(await handler.get('/_not-found')).toBeNull();
  });
});

describe('fails closed', () => {
  it('never stores a page whose policy cannot be computed: unknown kind, HTML of another type — logged once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const shapes: CacheValue[] = [
        // A future Next renaming the kind, or sending the HTML as a stream/buffer/object instead of a string.
        { kind: 'APP_PAGE_V2', html: '<script>a()</script>', headers: {} },
        { kind: 'APP_PAGE', html: Buffer.from('<script>a()</script>'), headers: {} },
        { kind: 'APP_PAGE', html: { chunks: ['<script>a()</script>'] } },
        { kind: 'PAGES', html: '<script>a()</script>' },
        { kind: 'APP_ROUTE', html: '<script>a()</script>' },
      ];
      for (const [i, value] of shapes.entries()) {
        await handler.set(`/route-cache/APP_PAGE/abc/$/neznamy-${i}`, value, { cacheControl: { revalidate: 60 } });
        expect(await handler.get(`/route-cache/APP_PAGE/abc/$/neznamy-${i}`), value.kind).toBeNull();
        // The one answer that was rendered leaves with a policy under which no script runs.
        expect(value.headers?.['content-security-policy'], value.kind).toBe(FAIL_CLOSED_POLICY);
      }
      expect(FAIL_CLOSED_POLICY).toMatch(/(^|; )script-src 'none'(;|$)/);
      expect(FAIL_CLOSED_POLICY).not.toMatch(/script-src[^;]*('self'|'unsafe-inline'|'strict-dynamic'|https:)/);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]?.[0])).toContain('fail closed');
      // Known non-page values (route handlers, fetches) are stored as before, and so are real pages.
      await handler.set('/route-cache/APP_ROUTE/abc/$/api', { kind: 'APP_ROUTE', status: 200, headers: {} }, {});
      expect(await handler.get('/route-cache/APP_ROUTE/abc/$/api')).not.toBeNull();
      await handler.set('/route-cache/APP_PAGE/abc/$/cenik', page('<script>a()</script>'), {});
      expect((await handler.get('/route-cache/APP_PAGE/abc/$/cenik'))?.value.headers?.['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    } finally {
      logged.mockRestore();
    }
  });
});
