import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOLD_MS, LOADER_ATTR, deferFrameworkScripts } from './deferred-scripts.mjs';
import { policyForHtml } from '../csp-policy.mjs';

const A = 'sha256-nQLv9xTFJksBZ91L8yDIp9yfqrOa7Ag19T8by2lR6qs=';
const B = 'sha256-yNFtkr+4mV0mcCOyVrOUhaGrg9nufXgZLyR1TrQpL3k=';
const POLYFILL = '<script src="/_next/static/chunks/polyfill.js" integrity="sha256-CXPB1kyIrcjjyVBBDLWLKI9yEY1ZZbeASUON648vloM=" noModule=""></script>';

// The shape Next 16 writes: chunk scripts in the head, the bootstrap script's preload, the bootstrap script in the
// body after the markup, the flight data inline.
const page = (extra = '') =>
  '<!DOCTYPE html><html lang="cs"><head><meta charSet="utf-8"/>' +
  `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js" integrity="${B}"/>` +
  `<script src="/_next/static/chunks/framework.js" async="" integrity="${A}"></script>${POLYFILL}${extra}` +
  '<title>t</title></head><body><main><img fetchpriority="high" src="/hero.jpg" alt=""/></main>' +
  `<script src="/_next/static/chunks/main.js" integrity="${B}" async=""></script>` +
  '<script>self.__next_f.push([1,"x"])</script></body></html>';

describe('deferFrameworkScripts', () => {
  it('takes the chunk scripts and the preload out and loads the same chunks, with their integrity, from one inline script at the end', () => {
    const out = deferFrameworkScripts(page());
    expect(out).not.toContain('framework.js" async');
    expect(out).not.toContain('<link rel="preload" as="script"');
    expect(out).not.toMatch(/<script src="\/_next\/static\/chunks\/main\.js"/);
    // The legacy polyfill and the flight data stay where they were; the markup is untouched.
    expect(out).toContain(POLYFILL);
    expect(out).toContain('<script>self.__next_f.push([1,"x"])</script>');
    expect(out).toContain('<main><img fetchpriority="high" src="/hero.jpg" alt=""/></main>');
    const loader = new RegExp(`<script ${LOADER_ATTR}="">([^<]*)</script></body></html>$`).exec(out)?.[1] ?? '';
    expect(loader).toContain(JSON.stringify([['/_next/static/chunks/framework.js', A], ['/_next/static/chunks/main.js', B]]));
    // After the first frame, or after the LCP image (capped).
    expect(loader).toContain('requestAnimationFrame');
    expect(loader).toContain(`img[fetchpriority="high"]`);
    expect(loader).toContain(`setTimeout(go,${HOLD_MS})`);
    // The page's hash policy allows the loader; 'strict-dynamic' the scripts it inserts.
    const policy = policyForHtml(out);
    expect(policy).toContain(`'sha256-${createHash('sha256').update(loader).digest('base64')}'`);
    expect(policy).toContain(`'strict-dynamic'`);
    // Once done, not again.
    expect(deferFrameworkScripts(out)).toBe(out);
  });

  it('runs the loader in a browser-like order: after the first contentful paint and the LCP photo, one frame more, each chunk once, one per task', () => {
    const out = deferFrameworkScripts(page());
    const loader = new RegExp(`<script ${LOADER_ATTR}="">([^<]*)</script>`).exec(out)?.[1] ?? '';
    const run = (supportsPaint: boolean) => {
      const inserted: { src: string; integrity: string; async: string | null }[] = [];
      const frames: (() => void)[] = [];
      const timers: (() => void)[] = [];
      let paintCallback: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | undefined;
      let disconnected = false;
      class FakeObserver {
        static supportedEntryTypes = supportsPaint ? ['paint', 'resource'] : ['resource'];
        constructor(cb: typeof paintCallback) {
          paintCallback = cb;
        }
        observe(opts: { type: string; buffered: boolean }) {
          expect(opts).toEqual({ type: 'paint', buffered: true });
        }
        disconnect() {
          disconnected = true;
        }
      }
      const img = { complete: false, listeners: new Map<string, () => void>(), addEventListener(t: string, f: () => void) { this.listeners.set(t, f); } };
      const doc = {
        querySelector: () => img,
        createElement: () => ({ src: '', integrity: '', attrs: new Map<string, string>(), setAttribute(k: string, v: string) { this.attrs.set(k, v); } }),
        head: { appendChild: (el: { src: string; integrity: string; attrs: Map<string, string> }) => inserted.push({ src: el.src, integrity: el.integrity, async: el.attrs.get('async') ?? null }) },
      };
      new Function('window', 'document', 'requestAnimationFrame', 'setTimeout', loader)(
        { PerformanceObserver: FakeObserver },
        doc,
        (f: () => void) => frames.push(f),
        (f: () => void) => timers.push(f),
      );
      return { inserted, frames, timers, img, paint: () => paintCallback, disconnected: () => disconnected };
    };

    // With Paint Timing: a paint entry that is not the first contentful one changes nothing.
    const a = run(true);
    expect(a.timers).toHaveLength(1); // only the cap
    a.paint()?.({ getEntriesByName: () => [] });
    a.img.listeners.get('load')?.();
    expect(a.frames).toHaveLength(0);
    a.paint()?.({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
    expect(a.disconnected()).toBe(true);
    expect(a.inserted).toHaveLength(0);
    a.frames[0]?.();
    expect(a.inserted).toHaveLength(0);
    a.timers[1]?.();
    // One script per task: the next one waits for a timer of its own.
    expect(a.inserted).toHaveLength(1);
    expect(a.timers).toHaveLength(3);
    a.timers[2]?.();
    expect(a.timers).toHaveLength(3); // the last one schedules nothing more
    expect(a.inserted).toEqual([
      { src: '/_next/static/chunks/framework.js', integrity: A, async: '' },
      { src: '/_next/static/chunks/main.js', integrity: B, async: '' },
    ]);
    // The cap firing later inserts nothing again.
    a.timers[0]?.();
    expect(a.inserted).toHaveLength(2);

    // Without Paint Timing the first frame counts; the image still has to load; the cap alone also loads them.
    const b = run(false);
    b.frames.shift()?.();
    b.timers.pop()?.();
    expect(b.inserted).toHaveLength(0);
    b.timers[0]?.();
    expect(b.inserted).toHaveLength(1);
    b.timers.pop()?.();
    expect(b.inserted).toHaveLength(2);
  });

  it('leaves a document it does not recognise as rendered (fails closed)', () => {
    for (const extra of [
      '<script src="https://cdn.example.com/x.js" async=""></script>',
      '<script src="/_next/static/chunks/no-integrity.js" async=""></script>',
      `<script type="module" src="/_next/static/chunks/m.js" integrity="${A}"></script>`,
    ]) {
      const html = page(extra);
      expect(deferFrameworkScripts(html)).toBe(html);
    }
    const none = '<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p></body></html>';
    expect(deferFrameworkScripts(none)).toBe(none);
  });
});
