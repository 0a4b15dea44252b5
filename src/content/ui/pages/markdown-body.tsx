import styles from './pages.module.css';

/** HTML rendered from a trusted content file (content/pages/**.md) by src/content/pages/markdown.ts. */
export function MarkdownBody({ html, className }: { html: string; className?: string }) {
  return <div className={`prose ${styles.markdown} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
