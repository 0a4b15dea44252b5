// @ts-check
/**
 * First paint without waiting for a stylesheet (docs/decisions/101-critical-css-inline.md).
 *
 * A cached page's HTML links the build's stylesheets of its route (`<link rel="stylesheet" data-precedence>` in
 * the head); each one blocks the first paint until it has arrived. Before a page is stored, this step
 * - writes the rules of those sheets that match an element of the document (Beasties: selectors matched against
 *   the parsed document, used @font-face and @keyframes kept) into one `<style>` where the first sheet was linked;
 * - keeps the links, but with `media="print"` (fetched at low priority, blocking nothing) and the real media in
 *   `data-beasties-media`; a small inline script at the end of the body switches each back to `all` once it has
 *   loaded, without its font faces (already inline; see DEFERRED_MEDIA_SCRIPT) (the policy
 *   of the page allows it by its hash like every other inline script), and a `<noscript>` copy of each link
 *   applies them for a browser without JavaScript.
 * The links stay in the document under their own href: React adopts them when it hydrates (it looks stylesheets
 * up by href), so the client router neither fetches nor inserts them again.
 *
 * The rules are inlined once: not in the flight data, where `experimental.inlineCss` repeated them.
 */
import { Buffer } from 'node:buffer';
import path from 'node:path';
import fs from 'node:fs/promises';
import Beasties from 'beasties';

/** Next's own stylesheet links (React's hoisted resources), exactly as Next 16 writes them into the head. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/_next\/static\/[^"?#]+\.css)"( data-precedence="[^"]*")?\s*\/?>/g;

/**
 * The deferred links' attribute (Beasties' `media-script` convention) and the script that switches them on. Unlike
 * Beasties' own script it waits for each sheet and first deletes the sheet's `@font-face` rules (CSSRule type 5):
 * the inline `<style>` already declares the same faces, and a second declaration of an `optional` face would
 * start a new load of the font — now in the cache, so it would be used at once and swap the fallback the first
 * paint settled on (a layout shift).
 */
export const DEFERRED_MEDIA_ATTR = 'data-beasties-media';
export const DEFERRED_MEDIA_SCRIPT = `document.querySelectorAll('link[${DEFERRED_MEDIA_ATTR}]').forEach(function(l){function on(){var s=l.sheet,r,i;try{r=s&&s.cssRules;for(i=r?r.length-1:-1;i>=0;i--)if(r[i].type===5)s.deleteRule(i)}catch(e){}l.media=l.getAttribute('${DEFERRED_MEDIA_ATTR}');l.removeAttribute('${DEFERRED_MEDIA_ATTR}')}l.sheet?on():l.addEventListener('load',on)})`;

/** @type {Map<string, Beasties>} one instance per static folder; it caches parsed sheets between pages */
const instances = new Map();

/**
 * @param {string} staticDir the build's `.next/static` folder
 * @returns {Beasties}
 */
function beastiesFor(staticDir) {
  let b = instances.get(staticDir);
  if (!b) {
    b = new Beasties({
      path: path.dirname(staticDir),
      publicPath: '/_next/',
      preload: 'media-script',
      pruneSource: false,
      inlineFonts: true,
      preloadFonts: false,
      reduceInlineStyles: false,
      mergeStylesheets: true,
      compress: true,
      logLevel: 'silent',
    });
    // Only the build's own files, read from its static folder (never a URL).
    b.readFile = (filename) => {
      const file = path.resolve(filename);
      if (!file.startsWith(staticDir + path.sep) || !file.endsWith('.css')) throw new Error(`not a build stylesheet: ${filename}`);
      return fs.readFile(file, 'utf8');
    };
    instances.set(staticDir, b);
  }
  return b;
}

/**
 * The critical rules of a page: what Beasties inlines for it (the `<style>` it adds to the head).
 * @param {string} html
 * @param {string} staticDir
 * @returns {Promise<string>}
 */
export async function criticalCssFor(html, staticDir) {
  const head = html.slice(0, html.indexOf('</head>') + 7);
  // The body's markup without its scripts (the flight data is text Beasties would only parse and skip).
  const body = html.slice(head.length).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const before = new Set([...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]));
  const out = await beastiesFor(staticDir).process(head + body);
  const outHead = out.slice(0, out.indexOf('</head>'));
  return [...outHead.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)]
    .map((m) => m[1] ?? '')
    .filter((css) => !before.has(css))
    .join('');
}

/**
 * Every `@font-face` of the linked sheets, URLs made absolute. The page's fonts are chosen through custom
 * properties (next/font's variables), which Beasties does not follow to the font faces; without them the first
 * paint would use other fonts than the one after the sheets arrive (a layout shift).
 * @param {string[]} hrefs
 * @param {string} staticDir
 * @returns {Promise<string>}
 */
async function fontFaces(hrefs, staticDir) {
  const b = beastiesFor(staticDir);
  let out = '';
  for (const href of hrefs) {
    const css = await b.readFile(path.join(path.dirname(staticDir), href.replace(/^\/_next\//, '')));
    for (const m of css.matchAll(/@font-face\{[^{}]*\}/g)) {
      out += m[0].replace(/url\((["']?)([^)"']+)\1\)/g, (_u, q, url) => `url(${q}${new URL(url, `http://x${href}`).pathname}${q})`);
    }
  }
  return out;
}

/**
 * The page with its critical rules inlined and its stylesheets deferred — or the page unchanged when it links no
 * build stylesheet in its head, nothing could be inlined, or the page with the rules would be longer than
 * `maxBytes` (the document budget: then the sheets stay linked, blocking the first paint as before).
 * @param {string} html
 * @param {string} staticDir
 * @param {number} [maxBytes]
 * @returns {Promise<string>}
 */
export async function inlineCriticalCss(html, staticDir, maxBytes = Infinity) {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || html.includes(DEFERRED_MEDIA_ATTR)) return html;
  const head = html.slice(0, headEnd);
  const links = [...head.matchAll(STYLESHEET_LINK)];
  if (!links.length) return html;
  const rules = await criticalCssFor(html, staticDir);
  if (!rules) return html;
  const css = (await fontFaces(links.map((l) => l[1] ?? ''), staticDir)) + rules;
  // A `</style` inside the rules would end the element early; Beasties' output never has one, but be sure.
  if (/<\/style/i.test(css)) return html;
  let first = true;
  const newHead = head.replace(STYLESHEET_LINK, (_tag, href, precedence = '') => {
    const deferred = `<link rel="stylesheet" href="${href}"${precedence} media="print" ${DEFERRED_MEDIA_ATTR}="all"/><noscript><link rel="stylesheet" href="${href}"/></noscript>`;
    if (!first) return deferred;
    first = false;
    return `<style>${css}</style>${deferred}`;
  });
  const rest = html.slice(headEnd);
  const bodyEnd = rest.lastIndexOf('</body>');
  if (bodyEnd < 0) return html;
  const out = `${newHead}${rest.slice(0, bodyEnd)}<script>${DEFERRED_MEDIA_SCRIPT}</script>${rest.slice(bodyEnd)}`;
  return Buffer.byteLength(out, 'utf8') <= maxBytes ? out : html;
}
