import { Link } from '@/ui/link';
import type { ReactNode } from 'react';
import type { AboutFront } from '@/content/pages/static-pages';
import { MarkdownBody } from './markdown-body';
import styles from './pages.module.css';

/** About page: portrait beside the title, facts, then the story from Markdown. `portrait` is an image element. */
export function AboutView({ front, html, portrait }: { front: AboutFront; html: string; portrait: ReactNode }) {
  return (
    <>
      <header className={`container ${styles.aboutHero}`}>
        <div className={styles.aboutText}>
          <p className="eyebrow">{front.eyebrow}</p>
          <h1>{front.heading}</h1>
          <p className="lead">{front.lead}</p>
          {front.facts.length ? (
            <dl className={styles.facts}>
              {front.facts.map((f, i) => (
                <div key={`${i}-${f.label}`}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
        <div className={styles.aboutPortrait}>{portrait}</div>
      </header>
      <section aria-label="Můj příběh" className={`container-narrow ${styles.sectionTight}`}>
        <MarkdownBody html={html} />
        <p className={styles.actions}>
          <Link prefetch={false} href={front.cta.href} className="btn btn-primary">
            {front.cta.label}
          </Link>
          <Link href="/portfolio" className="btn">
            Prohlédnout portfolio
          </Link>
        </p>
      </section>
    </>
  );
}
