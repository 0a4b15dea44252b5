import { Link } from '@/ui/link';
import type { ServicesContent } from '@/content/pages/services';
import styles from './pages.module.css';

export function ServicesView({ content }: { content: ServicesContent }) {
  return (
    <>
      <section aria-labelledby="nabidka" className={`container ${styles.sectionTight}`}>
        <h2 id="nabidka" className="visually-hidden">
          Nabídka
        </h2>
        <ul className={styles.services}>
          {content.services.map((s, i) => (
            <li key={s.id} id={s.id} className={styles.service}>
              <span className={styles.serviceNumber} aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <div>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
                <ul className={styles.points}>
                  {s.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
                <Link href={s.link.href} className={styles.arrowLink}>
                  {s.link.label}
                  <span aria-hidden="true">→</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="spoluprace" className="section section-alt">
        <div className="container">
          <p className="eyebrow">Krok za krokem</p>
          <h2 id="spoluprace">{content.process.heading}</h2>
          <ol className={styles.steps}>
            {content.process.steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <p className={styles.actions}>
            <Link prefetch={false} href="/rezervace" className="btn btn-primary">
              Ověřit volný termín
            </Link>
            <Link href="/jak-probiha-foceni" className="btn">
              Podrobný průvodce
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
