import { Link } from '@/ui/link';
import { travelCost, type LocationsContent, formatCzk } from '@/site/public.server';
import styles from './pages.module.css';

export function LocationsView({ content }: { content: LocationsContent }) {
  const { travel } = content;
  return (
    <>
      <section aria-labelledby="regiony" className={`container ${styles.sectionTight}`}>
        <h2 id="regiony">Regiony</h2>
        <ul className={styles.regions}>
          {content.regions.map((r) => (
            <li key={r.id} id={r.id}>
              <h3>{r.name}</h3>
              <p>{r.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="mista" className="section section-alt">
        <div className="container">
          <p className="eyebrow">Kde se mi fotí nejlépe</p>
          <h2 id="mista">Oblíbená místa</h2>
          <ul className={styles.venues}>
            {content.venues.map((v) => (
              <li key={v.name}>
                <p className={styles.venueRegion}>{v.region}</p>
                <h3>{v.name}</h3>
                <p className="muted">{v.place}</p>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="cestovne" className="section">
        <div className={`container ${styles.split}`}>
          <div>
            <p className="eyebrow">Jednoduché pravidlo</p>
            <h2 id="cestovne">{travel.heading}</h2>
            <p>{travel.rule}</p>
            <p>{travel.accommodation}</p>
          </div>
          <div className="table-wrap">
            <table className="table">
              <caption className={styles.caption}>Příklady cestovného {travel.fromOrigin}</caption>
              <thead>
                <tr>
                  <th scope="col">Místo svatby</th>
                  <th scope="col">Vzdálenost</th>
                  <th scope="col">Cestovné</th>
                </tr>
              </thead>
              <tbody>
                {travel.examples.map((e) => {
                  const cost = travelCost(e.km, travel);
                  return (
                    <tr key={e.place}>
                      <th scope="row">{e.place}</th>
                      <td>{e.km}{'\u00a0'}km</td>
                      <td>{cost === 0 ? 'zdarma' : formatCzk(cost)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className={styles.actions}>
              <Link prefetch={false} href="/rezervace" className="btn btn-primary">
                Ověřit volný termín
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
