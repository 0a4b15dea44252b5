// @ts-check
/**
 * The framework's scripts after the first frame (docs/decisions/105-scripts-after-the-first-frame.md).
 *
 * A cached page's HTML names the build's chunks as `<script src async>` (the head's, React's hoisted resources,
 * and the bootstrap script in the body) plus a low-priority preload of the bootstrap script. The browser fetches
 * them at once and runs each the moment it arrives, which on a fast connection is before the first frame: the
 * phone then lays out, paints and shows its largest element only after ~120 KB of JavaScript has been compiled
 * and run. Before a page is stored, this step takes those tags out and adds one inline script at the end of the
 * body that inserts the same scripts (same URL, same `integrity`, `async`) once the first contentful paint has
 * happened — and, when the page has a high-priority image (its LCP photo), once that image has loaded and been
 * painted — but no later than HOLD_MS after the document. Everything works as before from then on: the hydration, the client
 * router (Turbopack's chunk loader and React find the inserted elements by `src` and load nothing twice).
 *
 * The page policy (a hash of every inline script, `'strict-dynamic'`) allows the loader by its hash, and the
 * scripts it inserts through `'strict-dynamic'`. The page works without JavaScript as before.
 *
 * Fails closed: a document with any external script this step does not recognise is stored as rendered.
 */

/** How long at most the scripts wait for the page's LCP image (a slow phone still gets its menu and forms). */
export const HOLD_MS = 2500;

/** The attribute of the loader element, also the sign that a page was already handled. */
export const LOADER_ATTR = 'data-deferred-scripts';

/** A build chunk as Next 16 writes it (integrity from `experimental.sri` or the cache's own pinning). */
const CHUNK_SCRIPT = /^<script src="(\/_next\/static\/chunks\/[A-Za-z0-9._~-]+\.js)"(?: async="")? integrity="(sha(?:256|384|512)-[A-Za-z0-9+/=]+)"(?: async="")?><\/script>$/;
/** The legacy browsers' polyfill: never run by a browser that runs modules, left as it is. */
const NOMODULE_SCRIPT = /<script src="\/_next\/static\/chunks\/[A-Za-z0-9._~-]+\.js"(?: integrity="[^"]+")? noModule=""><\/script>/g;
/** The bootstrap script's preload (fetched at once otherwise). */
const SCRIPT_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/chunks\/[A-Za-z0-9._~-]+\.js)"(?: integrity="[^"]+")?\/>/g;

/**
 * The loader: the list of [src, integrity] comes from the page; the rest is fixed. Two conditions, each counted
 * once: the first contentful paint has been reported (Paint Timing; a browser without it counts the first frame,
 * which with `font-display: optional` text may still be blank), and the page's high-priority image, if any, has
 * loaded or failed. Then one frame more, so that image is painted too. HOLD_MS after the document it goes anyway.
 * The scripts are inserted one per task: each insertion sets up a fetch with its integrity check (≈ 0.7 ms on this
 * project's 2-core machine, ≈ 3 ms on Lighthouse's phone), and ten of them in one task made a long task of their own.
 * @param {[string, string][]} list
 * @returns {string}
 */
function loader(list) {
  return (
    `(function(L){var d=0,n=2,k=0;function add(){var a=L[k++],s=document.createElement('script');s.src=a[0];s.integrity=a[1];s.setAttribute('async','');document.head.appendChild(s);if(L.length>k)setTimeout(add,0)}` +
    `function go(){if(d)return;d=1;add()}` +
    `function one(){if(--n===0)requestAnimationFrame(function(){setTimeout(go,0)})}` +
    `var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;` +
    `if(t&&t.indexOf('paint')>=0){var o=new P(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();one()}});o.observe({type:'paint',buffered:true})}else requestAnimationFrame(function(){setTimeout(one,0)});` +
    `var i=document.querySelector('img[fetchpriority="high"]');` +
    `if(!i||i.complete)one();else{i.addEventListener('load',one);i.addEventListener('error',one)}` +
    `setTimeout(go,${HOLD_MS})` +
    `})(${JSON.stringify(list)})`
  );
}

/**
 * The page with its build scripts loaded after the first contentful paint (and its LCP photo), or the page unchanged when it has none, was
 * already handled, or has an external script of another shape.
 * @param {string} html
 * @returns {string}
 */
export function deferFrameworkScripts(html) {
  if (html.includes(LOADER_ATTR)) return html;
  const bodyEnd = html.lastIndexOf('</body>');
  if (bodyEnd < 0) return html;
  /** @type {[string, string][]} */
  const list = [];
  let unknown = false;
  const out = html.replace(/<script\b[^>]*\ssrc=[^>]*><\/script>/gi, (tag) => {
    const m = CHUNK_SCRIPT.exec(tag);
    if (m) {
      list.push([m[1] ?? '', m[2] ?? '']);
      return '';
    }
    if (tag.replace(NOMODULE_SCRIPT, '') !== '') unknown = true;
    return tag;
  });
  // Any other external script (or one written differently) means a document this step does not know.
  if (unknown || !list.length || /<script\b[^>]*\ssrc=/i.test(out.replace(NOMODULE_SCRIPT, ''))) return html;
  const listed = new Set(list.map(([src]) => src));
  const withoutPreloads = out.replace(SCRIPT_PRELOAD, (tag, href) => (listed.has(href) ? '' : tag));
  const end = withoutPreloads.lastIndexOf('</body>');
  return `${withoutPreloads.slice(0, end)}<script ${LOADER_ATTR}="">${loader(list)}</script>${withoutPreloads.slice(end)}`;
}
