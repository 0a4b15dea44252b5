import type { ReactNode } from 'react';
import styles from './pages.module.css';

/** The title block every static page opens with: eyebrow, one display heading, a lead paragraph. `narrow` aligns it with a text column. */
export function PageHeader({ eyebrow, heading, lead, narrow = false, children }: { eyebrow: string; heading: string; lead: string; narrow?: boolean; children?: ReactNode }) {
  return (
    <header className={`${narrow ? 'container-narrow' : 'container'} ${styles.header}`}>
      <p className="eyebrow">{eyebrow}</p>
      <h1>{heading}</h1>
      <p className="lead">{lead}</p>
      {children}
    </header>
  );
}
