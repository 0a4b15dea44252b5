import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '@/platform/html';

/**
 * The one Markdown set-up (GitHub-flavoured). Two trust levels:
 * - untrusted (blog posts, which may come from a CMS): raw HTML is shown as text, never interpreted; links keep only
 *   http(s), mailto, tel and site-relative targets; images only https or site-relative;
 * - trusted (the deployment's own files in content/): raw HTML is allowed.
 * In both, external links open normally but carry rel="noopener noreferrer" (no opener leak).
 */
const SAFE_SCHEME = /^(?:https?:|mailto:|tel:)/i;

/**
 * A path on this site: `/x`, `./x`, `../x`. Not `//host` or `/\\host` — browsers read both (and the same with a tab or
 * line break between, which they drop) as another host's address.
 */
function isSitePath(href: string): boolean {
  const h = href.replace(/[\t\n\r]/g, '');
  return /^\/(?![/\\])/.test(h) || /^\.{1,2}\//.test(h);
}

function isSafeHref(href: string): boolean {
  const h = href.trim();
  return SAFE_SCHEME.test(h) || h.startsWith('#') || isSitePath(h);
}

function createMarked(trusted: boolean, headingShift = 0): Marked {
  return new Marked({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      ...(headingShift
        ? {
            heading({ tokens, depth }: Tokens.Heading) {
              const level = Math.max(1, Math.min(6, depth + headingShift));
              return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
            },
          }
        : {}),
      ...(trusted
        ? {}
        : {
            html({ text }: Tokens.HTML | Tokens.Tag) {
              return escapeHtml(text);
            },
            image({ href, title, text }: Tokens.Image) {
              if (!/^https:/i.test(href.trim()) && !isSitePath(href.trim())) return escapeHtml(text);
              return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ''} loading="lazy" decoding="async">`;
            },
          }),
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!trusted && !isSafeHref(href)) return inner;
        const external = /^https?:/i.test(href);
        return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}${external ? ' rel="noopener noreferrer"' : ''}>${inner}</a>`;
      },
    },
  });
}

const untrusted = createMarked(false);
const trusted = createMarked(true);
/** Untrusted Markdown with its headings moved by a number of levels (−3 … +2), made on first use. */
const untrustedShifted = new Map<number, Marked>();
const lexer = new Marked({ gfm: true });

/** Markdown from outside the deployment (blog posts) → safe HTML. */
export function renderMarkdown(source: string): string {
  return untrusted.parse(source) as string;
}

/**
 * Untrusted Markdown inside a section that already has an h2 (the wedding story, from any content source): the
 * same rules as `renderMarkdown`, headings moved below the section's: the shallowest becomes an h3.
 */
export function renderNestedMarkdown(source: string): string {
  // The story's shallowest heading becomes an h3, whatever level its author started at (a story that opens with
  // `##`, as Strapi's editors often do, would otherwise skip from the section's h2 to an h4); the rest keep their
  // distance from it.
  let shallowest = 6;
  for (const token of lexer.lexer(source)) if (token.type === 'heading') shallowest = Math.min(shallowest, (token as Tokens.Heading).depth);
  const shift = 3 - shallowest;
  if (shift === 0) return untrusted.parse(source) as string;
  let marked = untrustedShifted.get(shift);
  if (!marked) untrustedShifted.set(shift, (marked = createMarked(false, shift)));
  return marked.parse(source) as string;
}

/** Markdown from the deployment's own content files → HTML (raw HTML allowed). */
export function renderTrustedMarkdown(source: string): string {
  return trusted.parse(source) as string;
}
