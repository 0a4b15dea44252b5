import { Link } from '@/ui/link';
import type { Faq } from '@/site/public.server';
import { OpenFromHash } from './open-from-hash';
import styles from './pages.module.css';

/**
 * FAQ page body: the title and topics on the left (sticky on desktop), the questions as native
 * <details>/<summary> disclosures on the right — keyboard and screen-reader friendly without scripts.
 */
export function FaqList({ faq }: { faq: Faq }) {
  return (
    <div className={`container ${styles.faqLayout}`}>
      <div className={styles.faqIntro}>
        <header className={styles.faqHeader}>
          <p className="eyebrow">{faq.eyebrow}</p>
          <h1>{faq.heading}</h1>
          <p className="lead">{faq.lead}</p>
        </header>
        <nav aria-label="Témata otázek" className={styles.faqToc}>
          <ul className="chips">
            {faq.groups.map((g) => (
              <li key={g.id}>
                <a className="chip" href={`#${g.id}`}>
                  {g.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={styles.faq}>
        {faq.groups.map((group) => (
          <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className={styles.faqGroup}>
            <h2 id={`${group.id}-title`}>{group.title}</h2>
            {group.questions.map((q) => (
              <details key={q.id} id={q.id} className={styles.faqItem}>
                <summary>
                  <span>{q.question}</span>
                </summary>
                <div className={styles.faqAnswer}>
                  {q.answer.map((para) => (
                    <p key={para.slice(0, 40)}>{para}</p>
                  ))}
                </div>
              </details>
            ))}
          </section>
        ))}
        <aside className={`notice ${styles.faqMore}`} aria-label="Další otázky">
          <p>
            Nenašli jste odpověď? <Link href="/kontakt">Napište mi</Link> nebo si rovnou <Link prefetch={false} href="/rezervace">ověřte volný termín</Link>.
          </p>
        </aside>
      </div>
      <OpenFromHash />
    </div>
  );
}
