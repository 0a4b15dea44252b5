// @ts-check
/**
 * The first frame waits until the page's content is parsed (docs/decisions/108-first-frame-with-the-content.md).
 *
 * A cached page is a complete document of at most 60 KB (a wedding 90 KB). Left alone, a phone paints whatever the
 * parser has reached when it first yields — on a slow phone often the header alone — and then styles, lays out and
 * paints the rest of the page again in the following tasks, right when the framework's scripts start. One
 * `<link rel="expect" href="#…" blocking="render">` in the head keeps rendering blocked until the element that
 * follows the content (the site's footer) has been parsed, so the first frame shows the page's content, laid out
 * once. Browsers without the feature ignore the link. If the element never comes, the end of the parse unblocks it.
 *
 * Only pages stored in the render cache get it: they are sent whole. A page streamed per request could hold its
 * first paint until its slowest part arrived.
 */

/** The id of the element after the page's content: the site's footer (src/ui/layout/site-footer.tsx). */
export const CONTENT_END_ID = 'site-footer';

const EXPECT_LINK = `<link rel="expect" href="#${CONTENT_END_ID}" blocking="render"/>`;
const TARGET = new RegExp(`<footer\\b[^>]*\\sid="${CONTENT_END_ID}"`);
const HEAD_START = /<head>(?:<meta charSet="utf-8"\/>)?/;

/**
 * The page with its first frame held until the footer is parsed, or unchanged when it has no such footer or
 * already says what it expects.
 * @param {string} html
 * @returns {string}
 */
export function holdFirstFrameForContent(html) {
  if (html.includes('rel="expect"') || !TARGET.test(html)) return html;
  const head = HEAD_START.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${EXPECT_LINK}${html.slice(at)}`;
}
