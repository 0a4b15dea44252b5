import { describe, expect, it } from 'vitest';
import { CONTENT_END_ID, holdFirstFrameForContent } from './content-first-frame.mjs';

const page = (footer: string) =>
  `<!DOCTYPE html><html lang="cs"><head><meta charSet="utf-8"/><title>t</title></head><body><main><p>obsah</p></main>${footer}<script>self.__next_f.push([1,"x"])</script></body></html>`;

describe('holdFirstFrameForContent', () => {
  it('adds one render-blocking expect link for the footer, right after the charset', () => {
    const out = holdFirstFrameForContent(page(`<footer id="${CONTENT_END_ID}" class="f"><p>patička</p></footer>`));
    expect(out).toBe(
      `<!DOCTYPE html><html lang="cs"><head><meta charSet="utf-8"/><link rel="expect" href="#site-footer" blocking="render"/><title>t</title></head><body><main><p>obsah</p></main><footer id="site-footer" class="f"><p>patička</p></footer><script>self.__next_f.push([1,"x"])</script></body></html>`,
    );
    // Once is enough.
    expect(holdFirstFrameForContent(out)).toBe(out);
  });

  it('leaves a page without the footer (it would wait for the end of the parse) or without a head as it is', () => {
    for (const html of [page('<footer class="f"></footer>'), page(''), `<html><body><footer id="${CONTENT_END_ID}"></footer></body></html>`]) {
      expect(holdFirstFrameForContent(html)).toBe(html);
    }
  });
});
