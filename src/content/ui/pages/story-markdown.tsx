import { renderNestedMarkdown } from '@/content/markdown';
import styles from './pages.module.css';

/**
 * A wedding's story — Markdown from any content source (built-in studio, Contentful, Strapi) — with the site's rules
 * for untrusted Markdown (src/content/markdown.ts): headings, emphasis, lists and safe links; raw HTML shown as text.
 * The one component every wedding page and the studio's preview use.
 */
export function StoryMarkdown({ source, className }: { source: string; className?: string }) {
  return <div className={`prose ${styles.markdown} ${className ?? ''}`} data-testid="wedding-story" dangerouslySetInnerHTML={{ __html: renderNestedMarkdown(source) }} />;
}
