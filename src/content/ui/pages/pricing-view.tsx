import { Link } from '@/ui/link';
import { depositFor, formatCzk, type Pricing } from '@/site/public.server';
import { czechCount, WEEKS_GEN } from '@/site/public';
import styles from './pages.module.css';

function hoursLabel(h: number): string {
  const n = new Intl.NumberFormat('cs-CZ').format(h);
  if (!Number.isInteger(h)) return `${n} hodiny`;
  if (h === 1) return '1 hodina';
  if (h >= 2 && h <= 4) return `${n} hodiny`;
  return `${n} hodin`;
}

/** Package cards built from the blocks of the day; every card links to the booking form with its package id. */
export function PricingPackages({ pricing }: { pricing: Pricing }) {
  return (
    <ul className={styles.packages}>
      {pricing.packages.map((pkg) => (
        <li key={pkg.id} id={`balicek-${pkg.id}`} className={styles.package} data-featured={pkg.featured || undefined}>
          <article aria-labelledby={`balicek-${pkg.id}-nazev`} className={styles.packageInner}>
            {pkg.featured ? <p className={styles.packageBadge}>Nejoblíbenější</p> : null}
            <h3 id={`balicek-${pkg.id}-nazev`} className={styles.packageName}>
              {pkg.name}
            </h3>
            <p className={styles.packageTagline}>{pkg.tagline}</p>
            <p className={styles.packagePrice}>
              <span className={styles.price}>{formatCzk(pkg.price)}</span>
              <span className={styles.packageHours}>{hoursLabel(pkg.hours)} focení</span>
            </p>
            <ul className={styles.blockList} aria-label="Bloky dne">
              {pricing.blocks.map((b) => {
                const included = pkg.blocks.includes(b.id);
                return (
                  <li key={b.id} data-included={included}>
                    <span aria-hidden="true" className={styles.blockMark}>
                      {included ? '✓' : '–'}
                    </span>
                    {b.name}
                    <span className="visually-hidden">{included ? ' – zahrnuto' : ' – není součástí'}</span>
                  </li>
                );
              })}
            </ul>
            <p className={styles.packagePhotos}>{pkg.photos}</p>
            <p className={styles.packageDelivery}>Kompletní galerie závazně do {czechCount(pkg.deliveryWeeks, WEEKS_GEN)} od svatby</p>
            <ul className={styles.includes}>
              {pkg.includes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className={styles.packageDeposit}>
              Záloha {pricing.depositPercent}{'\u00a0'}%: {formatCzk(depositFor(pkg.price, pricing.depositPercent))}
            </p>
            <Link href={`/rezervace?balicek=${pkg.id}`} className={`btn ${pkg.featured ? 'btn-primary' : ''} ${styles.packageCta}`}>
              Rezervovat<span className="visually-hidden"> balíček {pkg.name}</span>
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}

export function PricingView({ pricing }: { pricing: Pricing }) {
  return (
    <>
      <section aria-labelledby="balicky" className={`container ${styles.sectionTight}`}>
        <h2 id="balicky" className="visually-hidden">
          Balíčky
        </h2>
        <PricingPackages pricing={pricing} />
      </section>

      <section aria-labelledby="bloky" className="section section-alt">
        <div className="container">
          <p className="eyebrow">Z čeho se balíčky skládají</p>
          <h2 id="bloky">Bloky svatebního dne</h2>
          <ol className={styles.blocks}>
            {pricing.blocks.map((b, i) => (
              <li key={b.id}>
                <span className={styles.blockNumber} aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3>{b.name}</h3>
                <p>{b.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="doplnky" className="section">
        <div className="container">
          <p className="eyebrow">Na přání</p>
          <h2 id="doplnky">Doplňky</h2>
          <ul className={styles.addons}>
            {pricing.addons.map((a) => (
              <li key={a.id} id={`doplnek-${a.id}`}>
                <div className={styles.addonHead}>
                  <h3>{a.name}</h3>
                  <p className={styles.addonPrice}>
                    {formatCzk(a.price)}
                    {a.unit ? <span className="muted"> {a.unit}</span> : null}
                  </p>
                </div>
                <p>{a.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="zaloha" className="section section-alt">
        <div className={`container ${styles.split}`}>
          <div>
            <p className="eyebrow">Rezervace termínu</p>
            <h2 id="zaloha">{pricing.deposit.heading}</h2>
          </div>
          <div>
            <p className={styles.bigNumber}>
              {pricing.depositPercent}{'\u00a0'}%<span className="visually-hidden"> z ceny balíčku</span>
            </p>
            <p>{pricing.deposit.text}</p>
            <ul className={styles.notes}>
              {pricing.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
            <p className={styles.actions}>
              <Link prefetch={false} href="/rezervace" className="btn btn-primary">
                Ověřit volný termín
              </Link>
              <Link href="/lokace#cestovne" className="btn">
                Pravidla cestovného
              </Link>
              <Link href="/obchodni-podminky" className="btn">
                Obchodní podmínky
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
