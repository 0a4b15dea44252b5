import { Link } from '@/ui/link';
import type { HomeContent } from '@/content/pages/home';
import { formatCzk, type Pricing } from '@/site/public.server';
import styles from './home.module.css';

export function PricingTeaser({ content, pricing }: { content: HomeContent['pricing']; pricing: Pricing }) {
  return (
    <section className="container" aria-labelledby="cenik-uvod">
      <div className={`section ${styles.pricingSection} ${styles.pricing}`}>
        <div>
          <p className="eyebrow">{content.eyebrow}</p>
          <h2 id="cenik-uvod">{content.heading}</h2>
          <p className={styles.pricingText}>{content.text}</p>
          <Link href={content.link.href} className="btn">
            {content.link.label}
          </Link>
        </div>
        <ul className={styles.priceList}>
          {pricing.packages.map((p) => (
            <li key={p.id}>
              <Link href={`/cenik#balicek-${p.id}`} className={styles.priceRow}>
                <span className={styles.priceName}>{p.name}</span>
                <span className={styles.priceHours}>{p.hours} h</span>
                <span className={styles.priceValue}>
                  {content.fromLabel} {formatCzk(p.price)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
