import type { ReactNode } from 'react';
import styles from './pages.module.css';

/** The title block every static page opens with: eyebrow, one display heading, a lead paragraph. */
export function PageHeader({ eyebrow, heading, lead, children }: { eyebrow: string; heading: string; lead: string; children?: ReactNode }) {
  return (
    <header className={`container ${styles.header}`}>
      <p className="eyebrow">{eyebrow}</p>
      <h1>{heading}</h1>
      <p className="lead">{lead}</p>
      {children}
    </header>
  );
}
