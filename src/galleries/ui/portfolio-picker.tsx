'use client';
import { Link } from '@/ui/link';
import { useState } from 'react';
import { api, type ApiError } from './api-client';
import styles from './galleries.module.css';

/** One of her studio weddings, to choose where picked photos go. */
export interface WeddingChoice {
  id: string;
  couple: string;
  date: string;
  published: boolean;
}

export interface PortfolioConsent {
  given: boolean | null;
  /** Czech sentence for the admin: given/refused with the time and e-mail, or not answered yet. */
  text: string;
}

interface Result {
  added: { from: string; id: string }[];
  duplicates: { from: string; duplicateOf: string }[];
  unavailable: string[];
}

function photosWord(n: number): string {
  return n >= 1 && n <= 4 ? 'fotografie' : 'fotografií';
}

/**
 * „Na web“: the photos picked in the gallery's grid go into one of her studio weddings (no second upload). Shows
 * whether the couple consented to publishing and, when they did not, asks her to confirm she has consent otherwise.
 */
export function PortfolioPicker({ galleryId, picked, weddings, consent, onDone }: { galleryId: string; picked: string[]; weddings: WeddingChoice[]; consent: PortfolioConsent; onDone: () => void }) {
  const [weddingId, setWeddingId] = useState(weddings[0]?.id ?? '');
  const [alt, setAlt] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const wedding = weddings.find((w) => w.id === weddingId);

  const submit = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await api<Result>('POST', `/api/admin/galleries/${galleryId}/portfolio`, {
        weddingId,
        photoIds: picked,
        ...(alt.trim() ? { alt: alt.trim() } : {}),
        ...(consent.given === true ? {} : { withoutConsent: confirmed }),
      });
      const parts = [`Do svatby ${wedding?.couple ?? ''} přidáno ${r.added.length} ${photosWord(r.added.length)}; na webu se objeví po zpracování${wedding?.published ? '' : ' a zveřejnění svatby'}.`];
      if (r.duplicates.length) parts.push(`${r.duplicates.length} už ve svatbě byly (přeskočeno).`);
      if (r.unavailable.length) parts.push(`${r.unavailable.length} nešlo přidat (nejsou zpracované).`);
      setMessage({ ok: true, text: parts.join(' ') });
      onDone();
    } catch (err) {
      setMessage({ ok: false, text: (err as ApiError).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="portfolio-title">
      <h2 id="portfolio-title">Na web do portfolia</h2>
      <p data-testid="portfolio-consent">Souhlas se zveřejněním: {consent.text}</p>
      {consent.given !== true ? (
        <p className={styles.warning} role="note" data-testid="portfolio-consent-warning">
          {consent.given === false ? 'Pár zveřejnění fotografií odmítl.' : 'Pár zatím souhlas se zveřejněním nedal.'} Fotografie na web přidávejte jen tehdy, když máte jejich souhlas
          jinak (např. ve smlouvě).
        </p>
      ) : null}
      {weddings.length === 0 ? (
        <p>
          Zatím nemáte žádnou svatbu na webu. Založte ji v <Link href="/admin/svatby">Svatby na webu</Link> a pak sem vyberte fotografie.
        </p>
      ) : (
        <div className={styles.form}>
          <p>
            Vybráno {picked.length} {photosWord(picked.length)} (zaškrtněte je u fotografií níže). Přidají se bez nového nahrávání.
          </p>
          <div className={styles.row}>
            <div className="field">
              <label htmlFor="portfolio-wedding">Svatba na webu</label>
              <select id="portfolio-wedding" value={weddingId} onChange={(e) => setWeddingId(e.target.value)}>
                {weddings.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.couple} ({w.date}){w.published ? '' : ' – koncept'}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="portfolio-alt">Popis fotografií (alt; lze upravit u svatby)</label>
              <input id="portfolio-alt" value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} placeholder="např. Novomanželé u zámku" />
            </div>
          </div>
          {consent.given !== true ? (
            <div className="field">
              <label>
                <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} /> Souhlas páru se zveřejněním mám jinak – přesto přidat
              </label>
            </div>
          ) : null}
          <p>
            <button type="button" className="btn btn-primary" disabled={busy || picked.length === 0 || !weddingId || (consent.given !== true && !confirmed)} onClick={() => void submit()}>
              Přidat vybrané na web
            </button>
          </p>
        </div>
      )}
      <div role="status" aria-live="polite">
        {message ? <p className={message.ok ? styles.ok : styles.error}>{message.text}</p> : null}
      </div>
    </section>
  );
}
