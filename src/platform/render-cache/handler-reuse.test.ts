import { beforeEach, describe, expect, it, vi } from 'vitest';

// The critical-CSS step, counted: it is the expensive one (Beasties).
const calls = vi.hoisted(() => ({ n: 0, fail: false }));
vi.mock('./critical-css.mjs', () => ({
  inlineCriticalCss: async (html: string) => {
    calls.n++;
    if (calls.fail) throw new Error('sheet unreadable');
    return html.replace('<head>', '<head><style>/*critical*/</style>');
  },
}));

const { default: RenderCacheHandler, invalidateRenderCacheTags, ROOT_LAYOUT_TAG } = await import('./handler.mjs');
type Value = Parameters<InstanceType<typeof RenderCacheHandler>['set']>[1];

const handler = new RenderCacheHandler();
const KEY = '/route-cache/APP_PAGE/abc/$/blog/plan-b';
const page = (text: string): Value => ({
  kind: 'APP_PAGE',
  html: `<!DOCTYPE html><html><head><meta charSet="utf-8"/></head><body><main><p>${text}</p></main><script>self.__next_f.push([1,"x"])</script></body></html>`,
  rscData: Buffer.from('rsc'),
  status: 200,
  headers: { 'x-next-cache-tags': '_N_T_/layout,_N_T_/blog/plan-b' },
});
const stored = async () => {
  const hit = await handler.get(KEY);
  return typeof hit?.value.html === 'string' ? hit.value.html : null;
};

beforeEach(async () => {
  invalidateRenderCacheTags([ROOT_LAYOUT_TAG]);
  await new Promise((r) => setTimeout(r, 2));
  calls.n = 0;
  calls.fail = false;
});

describe('render cache: a page rendered again with the same markup', () => {
  it('reuses the processed page instead of running the steps again; new markup runs them', async () => {
    await handler.set(KEY, page('déšť'), { cacheControl: { revalidate: 60 } });
    const first = await stored();
    expect(first).toContain('/*critical*/');
    expect(calls.n).toBe(1);

    // The lifetime's background re-render: the same markup.
    const again = page('déšť');
    await handler.set(KEY, again, { cacheControl: { revalidate: 60 } });
    expect(calls.n).toBe(1);
    expect(await stored()).toBe(first);
    // The answer Next sends on this render carries the same page and a policy for it.
    expect(again?.html).toBe(first);
    expect(again?.headers?.['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);

    // Changed markup (an edit) is processed anew.
    await handler.set(KEY, page('slunce'), { cacheControl: { revalidate: 60 } });
    expect(calls.n).toBe(2);
    expect(await stored()).toContain('slunce');
  });

  it('a page whose step failed is not reused: the next render tries again', async () => {
    calls.fail = true;
    await handler.set(KEY, page('déšť'), {});
    expect(await stored()).not.toContain('/*critical*/');
    calls.fail = false;
    await handler.set(KEY, page('déšť'), {});
    expect(calls.n).toBe(2);
    expect(await stored()).toContain('/*critical*/');
  });
});
