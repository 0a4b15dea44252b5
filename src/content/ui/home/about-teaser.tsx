import { Link } from '@/ui/link';
import type { HomeContent } from '@/content/pages/home';
import type { Image } from '@/content/types';
import { ContentPhoto } from '@/content/ui/pages/content-photo';
import styles from './home.module.css';

export function AboutTeaser({ content, portrait }: { content: HomeContent['about']; portrait: Image }) {
  return (
    <section className="section section-alt" aria-labelledby="o-mne">
      <div className={`container ${styles.about}`}>
        <div className={styles.aboutPortrait}>
          <ContentPhoto image={portrait} sizes="(min-width: 56rem) 32rem, 100vw" />
        </div>
        <div className={styles.aboutText}>
          <p className="eyebrow">{content.eyebrow}</p>
          <h2 id="o-mne">{content.heading}</h2>
          {content.paragraphs.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
          <Link href={content.link.href} className="btn">
            {content.link.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
