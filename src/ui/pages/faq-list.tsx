import type { Faq } from '@/content/pages/faq';
import { OpenFromHash } from './open-from-hash';
import styles from './pages.module.css';

/** FAQ as native <details>/<summary> disclosures: keyboard and screen-reader friendly without scripts. */
export function FaqList({ faq }: { faq: Faq }) {
  return (
    <div className={styles.faq}>
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
      <OpenFromHash />
    </div>
  );
}
