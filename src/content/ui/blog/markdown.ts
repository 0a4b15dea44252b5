import { Marked, type Tokens } from 'marked';

const SAFE_HREF = /^(?:https?:|mailto:|tel:|\/(?!\/)|#|\.{0,2}\/)/i;

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Blog Markdown → HTML. Posts can come from a CMS, so raw HTML in the Markdown is shown as text (never
 * interpreted) and links keep only http(s), mailto, tel and site-relative targets; external links open
 * normally but carry rel="noopener noreferrer".
 */
const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      if (!SAFE_HREF.test(href.trim())) return inner;
      const external = /^https?:/i.test(href);
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}${external ? ' rel="noopener noreferrer"' : ''}>${inner}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      if (!/^(?:https:|\/(?!\/))/i.test(href.trim())) return escapeHtml(text);
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ''} loading="lazy" decoding="async">`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source) as string;
}
