'use client';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Lightbox, type LightboxItem } from '@/content/public';
import type { VisitorPhoto, VisitorPhotoPage } from '../visitor-view.server';
import styles from './gallery-view.module.css';

export interface GalleryViewProps {
  slug: string;
  title: string;
  dateLabel: string | null;
  expiresLabel: string | null;
  kind: 'couple' | 'guest';
  sets: { slug: string; title: string }[];
  first: VisitorPhotoPage;
  favorites: string[];
  selection: { photoIds: string[]; limit: number | null; submitted: boolean };
  email: string | null;
  /** The largest download size for this visitor, or null (downloads off). */
  downloadSize: 'web' | 'original' | null;
  zip: boolean;
  pin: boolean;
  consent: boolean | null;
}

/** Photos shown eagerly: the first screen on a phone (2 columns) and on a desktop (4 columns). */
const EAGER = 8;

type ApiError = { error?: { message?: string } } | null;

async function errorText(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as ApiError;
  return body?.error?.message ?? 'Něco se nepovedlo. Zkuste to prosím znovu.';
}

function imgFor(p: VisitorPhoto, sizes: string) {
  return {
    src: p.medium,
    srcSet: `${p.small} 480w, ${p.medium} 1200w`,
    sizes,
    width: p.width,
    height: p.height,
    alt: '',
    style: (p.blurDataUrl ? { backgroundImage: `url(${p.blurDataUrl})`, backgroundSize: 'cover' } : {}) as Record<string, string>,
  };
}

export function GalleryView(props: GalleryViewProps) {
  const { slug } = props;
  const api = `/api/galleries/${encodeURIComponent(slug)}`;
  const [set, setSet] = useState<string | null>(null);
  const [photos, setPhotos] = useState<VisitorPhoto[]>(props.first.photos);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(props.first.pages);
  const [loading, setLoading] = useState(false);
  const [favorites, setFavorites] = useState(() => new Set(props.favorites));
  const [selected, setSelected] = useState(() => new Set(props.selection.photoIds));
  const [submitted, setSubmitted] = useState(props.selection.submitted);
  const [email, setEmail] = useState(props.email);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [pin, setPin] = useState('');
  const [consent, setConsent] = useState(props.consent);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const say = (text: string, error = false) => setMessage({ text, error });

  async function load(nextSet: string | null, nextPage: number) {
    setLoading(true);
    try {
      const q = new URLSearchParams({ strana: String(nextPage) });
      if (nextSet) q.set('sada', nextSet);
      const res = await fetch(`${api}/photos?${q}`);
      if (!res.ok) return say(await errorText(res), true);
      const body = (await res.json()) as VisitorPhotoPage;
      setPhotos((prev) => (nextPage === 1 ? body.photos : [...prev, ...body.photos]));
      setPage(nextPage);
      setPages(body.pages);
    } catch {
      say('Fotografie se nepodařilo načíst. Zkontrolujte prosím připojení.', true);
    } finally {
      setLoading(false);
    }
  }

  function chooseSet(next: string | null) {
    setSet(next);
    void load(next, 1);
  }

  async function toggle(kind: 'favorites' | 'selection', id: string) {
    const current = kind === 'favorites' ? favorites : selected;
    const on = !current.has(id);
    const res = await fetch(`${api}/${kind}/${encodeURIComponent(id)}`, { method: on ? 'PUT' : 'DELETE' }).catch(() => null);
    if (!res) return say('Spojení se nepodařilo. Zkuste to prosím znovu.', true);
    if (res.status !== 204) return say(await errorText(res), true);
    const next = new Set(current);
    if (on) next.add(id);
    else next.delete(id);
    if (kind === 'favorites') setFavorites(next);
    else setSelected(next);
    setMessage(null);
  }

  async function saveEmail(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('email') ?? '');
    const res = await fetch(`${api}/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: value }) }).catch(() => null);
    if (!res) return say('Spojení se nepodařilo. Zkuste to prosím znovu.', true);
    if (!res.ok) return say(await errorText(res), true);
    const body = (await res.json()) as { email: string; photoIds: string[] };
    setEmail(body.email);
    setFavorites(new Set(body.photoIds));
    say('Děkuji, oblíbené fotografie teď uvidíte na každém zařízení, kde zadáte tento e-mail.');
  }

  async function submitSelection() {
    const res = await fetch(`${api}/selection`, { method: 'POST' }).catch(() => null);
    if (!res) return say('Spojení se nepodařilo. Zkuste to prosím znovu.', true);
    if (!res.ok) return say(await errorText(res), true);
    setSubmitted(true);
    say('Výběr do alba je odeslaný. Děkuji, brzy se vám ozvu.');
  }

  async function answerConsent(given: boolean) {
    const res = await fetch(`${api}/consent`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ given }) }).catch(() => null);
    if (!res) return say('Spojení se nepodařilo. Zkuste to prosím znovu.', true);
    if (!res.ok) return say(await errorText(res), true);
    setConsent(given);
    say(given ? 'Děkuji za souhlas se zveřejněním.' : 'Rozumím, fotografie nezveřejním.');
  }

  const withPin = (url: string) => (props.pin && pin ? `${url}${url.includes('?') ? '&' : '?'}pin=${encodeURIComponent(pin)}` : url);
  const sizeLabel = props.downloadSize === 'original' ? 'v plném rozlišení' : 've webové velikosti';

  const itemAt = useCallback(
    (i: number): LightboxItem | null => {
      const p = photos[i];
      return p ? { id: p.id, alt: `Fotografie ${p.fileName}`, caption: null, img: { ...imgFor(p, '100vw'), alt: `Fotografie ${p.fileName}` } } : null;
    },
    [photos],
  );
  const setTitle = useMemo(() => new Map(props.sets.map((s) => [s.slug, s.title])), [props.sets]);
  const limit = props.selection.limit;

  return (
    <div className="container" data-testid="gallery-view" data-hydrated={hydrated ? 'true' : undefined}>
      <header className={styles.header}>
        <p className="eyebrow">Vaše galerie</p>
        <h1>{props.title}</h1>
        {props.dateLabel ? <p className="muted">{props.dateLabel}</p> : null}
        {props.expiresLabel ? <p className="muted">Galerie je dostupná do {props.expiresLabel}.</p> : null}
      </header>

      <p aria-live="polite" role="status" className={message?.error ? 'notice notice-error' : message ? 'notice notice-ok' : 'visually-hidden'} data-testid="gallery-message">
        {message?.text ?? ''}
      </p>

      {props.sets.length > 0 ? (
        <nav aria-label="Sady fotografií" className={styles.toolbar}>
          <button type="button" className={styles.chip} aria-pressed={set === null} onClick={() => chooseSet(null)}>
            Vše ({props.first.total})
          </button>
          {props.sets.map((s) => (
            <button key={s.slug} type="button" className={styles.chip} aria-pressed={set === s.slug} onClick={() => chooseSet(s.slug)}>
              {s.title}
            </button>
          ))}
        </nav>
      ) : null}

      <ul className={styles.grid} aria-label={set ? `Fotografie: ${setTitle.get(set) ?? ''}` : 'Fotografie'}>
        {photos.map((p, i) => {
          const fav = favorites.has(p.id);
          const sel = selected.has(p.id);
          return (
            <li key={p.id} className={styles.item} data-photo-id={p.id}>
              <button type="button" className={styles.open} onClick={() => setOpen(i)} aria-label={`Zvětšit fotografii ${p.fileName}`}>
                {/* eslint-disable-next-line @next/next/no-img-element -- private photos behind the gallery's cookie: the image optimizer cannot fetch them */}
                <img {...imgFor(p, '(min-width: 75rem) 25vw, (min-width: 48rem) 33vw, 50vw')} loading={i < EAGER ? 'eager' : 'lazy'} decoding="async" fetchPriority={i === 0 ? 'high' : undefined} />
              </button>
              <div className={styles.actions}>
                <button type="button" className={styles.action} aria-pressed={fav} onClick={() => void toggle('favorites', p.id)} aria-label={`${fav ? 'Odebrat z oblíbených' : 'Přidat do oblíbených'}: ${p.fileName}`}>
                  <span aria-hidden="true">{fav ? '♥' : '♡'}</span>
                </button>
                {props.kind === 'couple' && limit !== null ? (
                  <button type="button" className={styles.action} aria-pressed={sel} disabled={submitted} onClick={() => void toggle('selection', p.id)} aria-label={`${sel ? 'Odebrat z výběru do alba' : 'Přidat do výběru do alba'}: ${p.fileName}`}>
                    <span aria-hidden="true">{sel ? 'V albu' : 'Do alba'}</span>
                  </button>
                ) : null}
                {props.downloadSize ? (
                  <a className={styles.action} href={withPin(`${api}/photos/${encodeURIComponent(p.id)}/${props.downloadSize}`)} download aria-label={`Stáhnout ${p.fileName} ${sizeLabel}`}>
                    <span aria-hidden="true">↓</span>
                  </a>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>

      {page < pages ? (
        <div className={styles.more}>
          <button type="button" className="btn" onClick={() => void load(set, page + 1)} disabled={loading} data-testid="gallery-more">
            {loading ? 'Načítám…' : 'Načíst další fotografie'}
          </button>
        </div>
      ) : null}

      <div className={styles.panel}>
        <section className="card" aria-labelledby="fav-title">
          <h2 id="fav-title">Oblíbené</h2>
          <p data-testid="favorites-count">Oblíbených fotografií: {favorites.size}</p>
          {email ? (
            <p className="muted">Oblíbené jsou uložené k e-mailu {email}.</p>
          ) : (
            <form onSubmit={(e) => void saveEmail(e)} className={styles.row} noValidate>
              <div className="field" style={{ flex: '1 1 16rem' }}>
                <label htmlFor="gallery-email">Váš e-mail</label>
                <span className="hint" id="gallery-email-hint">
                  Stačí jednou: oblíbené pak uvidíte na všech svých zařízeních.
                </span>
                <input id="gallery-email" name="email" type="email" autoComplete="email" aria-describedby="gallery-email-hint" required maxLength={254} />
              </div>
              <button type="submit" className="btn">
                Uložit e-mail
              </button>
            </form>
          )}
        </section>

        {props.kind === 'couple' && limit !== null ? (
          <section className="card" aria-labelledby="album-title">
            <h2 id="album-title">Výběr do alba</h2>
            <p data-testid="selection-count">
              Vybráno {selected.size} z {limit} fotografií.
            </p>
            {submitted ? (
              <p className="muted">Výběr je odeslaný. Pokud ho chcete změnit, napište mi.</p>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => void submitSelection()} disabled={selected.size === 0}>
                Odeslat výběr do alba
              </button>
            )}
          </section>
        ) : null}

        {props.downloadSize ? (
          <section className="card" aria-labelledby="download-title">
            <h2 id="download-title">Stažení</h2>
            <p>Fotografie si můžete stáhnout {sizeLabel}.</p>
            {props.pin ? (
              <div className="field">
                <label htmlFor="gallery-pin">PIN pro stahování</label>
                <input id="gallery-pin" type="text" inputMode="numeric" autoComplete="off" value={pin} onChange={(e) => setPin(e.target.value)} maxLength={20} />
              </div>
            ) : null}
            {props.zip ? (
              <ul>
                <li>
                  <a href={withPin(`${api}/download`)} download>
                    Celá galerie (ZIP)
                  </a>
                </li>
                {props.sets.map((s) => (
                  <li key={s.slug}>
                    <a href={withPin(`${api}/download?set=${encodeURIComponent(s.slug)}`)} download>
                      Sada {s.title} (ZIP)
                    </a>
                  </li>
                ))}
                {favorites.size > 0 ? (
                  <li>
                    <a href={withPin(`${api}/download?favorites=1`)} download>
                      Oblíbené (ZIP)
                    </a>
                  </li>
                ) : null}
              </ul>
            ) : (
              <p className="muted">Fotografie si stáhněte jednotlivě tlačítkem ↓ u každé z nich.</p>
            )}
          </section>
        ) : null}

        {props.kind === 'couple' ? (
          <section className="card" aria-labelledby="consent-title">
            <h2 id="consent-title">Souhlas se zveřejněním</h2>
            <p>Smím některé z těchto fotografií ukázat ve svém portfoliu na webu?</p>
            {consent !== null ? <p data-testid="consent-state">{consent ? 'Souhlas jste udělili. Děkuji!' : 'Souhlas jste neudělili.'}</p> : null}
            <div className={styles.row}>
              <button type="button" className="btn" aria-pressed={consent === true} onClick={() => void answerConsent(true)}>
                Ano, souhlasím
              </button>
              <button type="button" className="btn" aria-pressed={consent === false} onClick={() => void answerConsent(false)}>
                Ne, nesouhlasím
              </button>
            </div>
          </section>
        ) : null}
      </div>

      {open !== null ? <Lightbox count={photos.length} itemAt={itemAt} index={open} label={props.title} onNavigate={setOpen} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
