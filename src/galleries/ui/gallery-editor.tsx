'use client';
/* eslint-disable @next/next/no-img-element -- private previews from the admin API, not optimised public images */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import type { AdminGallery } from '../types';
import { api, type ApiError } from './api-client';
import styles from './galleries.module.css';
import { PortfolioPicker, type PortfolioConsent, type WeddingChoice } from './portfolio-picker';
import { Uploader } from './uploader';

/** /admin/galerie/{id}: settings, sets, upload, processing progress and the photos of one client gallery. */
export function GalleryEditor({ initial, siteUrl, portfolio }: { initial: AdminGallery; siteUrl: string; portfolio: { weddings: WeddingChoice[]; consent: PortfolioConsent } }) {
  const router = useRouter();
  const [g, setG] = useState(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const base = `/api/admin/galleries/${g.id}`;

  const reload = useCallback(async () => {
    try {
      setG(await api<AdminGallery>('GET', base));
    } catch (err) {
      setMessage({ ok: false, text: (err as ApiError).message });
    }
  }, [base]);

  // While photos are processing, look every 3 s (N of M ready).
  const processing = g.progress.processing > 0;
  useEffect(() => {
    if (!processing) return;
    const t = setInterval(() => void reload(), 3000);
    return () => clearInterval(t);
  }, [processing, reload]);

  const act = async (fn: () => Promise<unknown>, ok?: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await fn();
      await reload();
      if (ok) setMessage({ ok: true, text: ok });
    } catch (err) {
      setMessage({ ok: false, text: (err as ApiError).message });
    } finally {
      setBusy(false);
    }
  };

  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const str = (k: string) => String(f.get(k) ?? '').trim();
    const expires = str('expiresAt');
    void act(
      () =>
        api('PATCH', base, {
          title: str('title'),
          date: str('date') || null,
          coupleEmail: str('coupleEmail') || null,
          inquiryId: str('inquiryId') ? Number(str('inquiryId')) : null,
          expiresAt: expires || null,
          downloads: str('downloads'),
          zip: f.get('zip') === 'on',
          downloadPin: str('downloadPin') || null,
          selectionLimit: str('selectionLimit') ? Number(str('selectionLimit')) : null,
          guestCode: str('guestCode') || null,
        }),
      'Uloženo.',
    );
  };

  const link = `${siteUrl.replace(/\/$/, '')}/galerie/${g.slug}`;
  const setTitle = (id: string | null) => g.sets.find((s) => s.id === id)?.title ?? 'bez sady';
  const failed = g.photos.filter((p) => p.status === 'failed');

  return (
    <div>
      <dl className={styles.facts}>
        <dt>Odkaz pro pár</dt>
        <dd>
          <code>{link}</code>
        </dd>
        <dt>Kód páru</dt>
        <dd>
          <code data-testid="couple-code">{g.code}</code>
        </dd>
        <dt>Stav</dt>
        <dd>{g.published ? 'zveřejněná (pár ji s kódem otevře)' : 'skrytá (nikdo kromě mě ji nevidí)'}</dd>
        {g.inquiryId ? (
          <>
            <dt>Poptávka</dt>
            <dd>
              <a href={`/admin/bookings/${g.inquiryId}`}>Otevřít poptávku č. {g.inquiryId}</a>
            </dd>
          </>
        ) : null}
      </dl>
      <p className={styles.actions}>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void act(() => api('PATCH', base, { published: !g.published }), g.published ? 'Galerie je skrytá.' : 'Galerie je zveřejněná.')}>
          {g.published ? 'Skrýt galerii' : 'Zveřejnit galerii'}
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => {
            if (!window.confirm('Opravdu smazat celou galerii i se všemi fotografiemi?')) return;
            void act(async () => {
              await api('DELETE', base);
              router.push('/admin/galerie');
            });
          }}
        >
          Smazat galerii
        </button>
      </p>
      <div role="status" aria-live="polite">
        {message ? <p className={message.ok ? styles.ok : styles.error}>{message.text}</p> : null}
      </div>

      <section aria-labelledby="settings-title">
        <h2 id="settings-title">Nastavení</h2>
        <form className={styles.form} onSubmit={save} key={`${g.id}-${g.published}-${g.expiresAt}-${g.downloadPin}-${g.guestCode}`}>
          <div className="field">
            <label htmlFor="s-title">Název</label>
            <input id="s-title" name="title" required maxLength={200} defaultValue={g.title} />
          </div>
          <div className={styles.row}>
            <div className="field">
              <label htmlFor="s-date">Datum svatby</label>
              <input id="s-date" name="date" type="date" defaultValue={g.date ?? ''} />
            </div>
            <div className="field">
              <label htmlFor="s-email">E-mail páru</label>
              <input id="s-email" name="coupleEmail" type="email" defaultValue={g.coupleEmail ?? ''} />
            </div>
          </div>
          <div className={styles.row}>
            <div className="field">
              <label htmlFor="s-inquiry">Číslo poptávky</label>
              <input id="s-inquiry" name="inquiryId" type="number" min={1} defaultValue={g.inquiryId ?? ''} />
            </div>
            <div className="field">
              <label htmlFor="s-expires">Dostupná do (včetně)</label>
              <input id="s-expires" name="expiresAt" type="date" defaultValue={g.expiresAt ? g.expiresAt.slice(0, 10) : ''} />
            </div>
          </div>
          <div className={styles.row}>
            <div className="field">
              <label htmlFor="s-downloads">Stahování</label>
              <select id="s-downloads" name="downloads" defaultValue={g.downloads}>
                <option value="none">nepovoleno</option>
                <option value="web">webová velikost (2048 px)</option>
                <option value="original">plné rozlišení</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="s-pin">PIN pro stahování (prázdné = bez PINu)</label>
              <input id="s-pin" name="downloadPin" inputMode="numeric" pattern="\d{4,8}" maxLength={8} defaultValue={g.downloadPin ?? ''} />
            </div>
          </div>
          <div className={styles.row}>
            <div className="field">
              <label htmlFor="s-limit">Limit výběru do alba (počet fotografií)</label>
              <input id="s-limit" name="selectionLimit" type="number" min={1} max={5000} defaultValue={g.selectionLimit ?? ''} />
            </div>
            <div className="field">
              <label htmlFor="s-guest">Kód pro hosty (prázdné = bez přístupu hostů)</label>
              <input id="s-guest" name="guestCode" maxLength={40} defaultValue={g.guestCode ?? ''} />
            </div>
          </div>
          <div className="field">
            <label>
              <input type="checkbox" name="zip" defaultChecked={g.zip} /> Povolit stažení celé galerie (ZIP)
            </label>
          </div>
          <p>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Uložit nastavení
            </button>
          </p>
        </form>
      </section>

      <section aria-labelledby="sets-title">
        <h2 id="sets-title">Sady</h2>
        {g.sets.length ? (
          <ul className={styles.sets}>
            {g.sets.map((s, n) => (
              <li key={s.id}>
                <span>{s.title}</span>
                <button type="button" className="btn" disabled={busy || n === 0} aria-label={`Posunout sadu ${s.title} výš`} onClick={() =>
                    void act(async () => {
                      const prev = g.sets[n - 1]!;
                      await api('PATCH', `${base}/sets/${s.id}`, { position: prev.position });
                      await api('PATCH', `${base}/sets/${prev.id}`, { position: s.position });
                    })
                  }>
                  ↑
                </button>
                <button type="button" className="btn" disabled={busy} aria-label={`Smazat sadu ${s.title}`} onClick={() => void act(() => api('DELETE', `${base}/sets/${s.id}`))}>
                  Smazat
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>Zatím žádné sady (např. přípravy, obřad, portréty).</p>
        )}
        <form
          className={styles.actions}
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const title = String(new FormData(form).get('setTitle') ?? '').trim();
            void act(async () => {
              await api('POST', `${base}/sets`, { title });
              form.reset();
            });
          }}
        >
          <div className="field">
            <label htmlFor="set-title">Nová sada</label>
            <input id="set-title" name="setTitle" required maxLength={120} />
          </div>
          <button type="submit" className="btn" disabled={busy}>
            Přidat sadu
          </button>
        </form>
      </section>

      <Uploader galleryId={g.id} sets={g.sets} onUploaded={() => void reload()} />

      <section aria-labelledby="photos-title">
        <h2 id="photos-title">Fotografie</h2>
        <p role="status" data-testid="processing-progress">
          Zpracováno {g.progress.ready} z {g.progress.total}
          {g.progress.processing ? `, zpracovává se ${g.progress.processing}` : ''}
          {g.progress.failed ? `, selhalo ${g.progress.failed}` : ''}.
        </p>
        {failed.length ? (
          <p>
            <button type="button" className="btn" disabled={busy} onClick={() => void act(() => api('POST', `${base}/retry`, {}), 'Nezpracované fotografie jsou znovu ve frontě.')}>
              Zkusit znovu zpracovat ({failed.length})
            </button>
          </p>
        ) : null}
        {g.photos.length ? (
          <ul className={styles.photos}>
            {g.photos.map((p, n) => (
              <li key={p.id} className={styles.photo} data-status={p.status}>
                {p.status === 'ready' ? (
                  <img className={styles.thumb} src={`${base}/photos/${p.id}/small`} alt={p.fileName} loading="lazy" width={p.width ?? undefined} height={p.height ?? undefined} />
                ) : (
                  <div className={styles.thumb}>{p.status === 'processing' ? 'zpracovává se…' : 'zpracování selhalo'}</div>
                )}
                <p>
                  <strong>{p.fileName}</strong>
                  {g.coverPhotoId === p.id ? ' · titulní' : ''}
                </p>
                <p className={styles.status}>{setTitle(p.setId)}</p>
                {p.status === 'ready' ? (
                  <label className={styles.pick}>
                    <input
                      type="checkbox"
                      checked={picked.includes(p.id)}
                      onChange={(e) => setPicked((cur) => (e.target.checked ? [...cur, p.id] : cur.filter((x) => x !== p.id)))}
                      aria-label={`Vybrat ${p.fileName} na web`}
                    />
                    na web
                  </label>
                ) : null}
                {p.error ? <p className={styles.error}>{p.error}</p> : null}
                <div className="field">
                  <label htmlFor={`set-${p.id}`}>Sada</label>
                  <select id={`set-${p.id}`} value={p.setId ?? ''} disabled={busy} onChange={(e) => void act(() => api('PATCH', `${base}/photos/${p.id}`, { setId: e.target.value || null }))}>
                    <option value="">bez sady</option>
                    {g.sets.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.title}
                      </option>
                    ))}
                  </select>
                </div>
                <div className={styles.photoButtons}>
                  <button type="button" className="btn" disabled={busy || n === 0} aria-label={`Posunout ${p.fileName} dopředu`} onClick={() => void act(() => api('PUT', `${base}/order`, { order: swap(g.photos.map((x) => x.id), n, n - 1) }))}>
                    ←
                  </button>
                  <button type="button" className="btn" disabled={busy || n === g.photos.length - 1} aria-label={`Posunout ${p.fileName} dozadu`} onClick={() => void act(() => api('PUT', `${base}/order`, { order: swap(g.photos.map((x) => x.id), n, n + 1) }))}>
                    →
                  </button>
                  {p.status === 'ready' && g.coverPhotoId !== p.id ? (
                    <button type="button" className="btn" disabled={busy} onClick={() => void act(() => api('PATCH', base, { coverPhotoId: p.id }), 'Titulní fotografie nastavena.')}>
                      Titulní
                    </button>
                  ) : null}
                  <button type="button" className="btn" disabled={busy} aria-label={`Smazat ${p.fileName}`} onClick={() => void act(() => api('DELETE', `${base}/photos/${p.id}`))}>
                    Smazat
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>Galerie je zatím prázdná.</p>
        )}
      </section>

      <PortfolioPicker galleryId={g.id} picked={picked.filter((id) => g.photos.some((p) => p.id === id))} weddings={portfolio.weddings} consent={portfolio.consent} onDone={() => setPicked([])} />
    </div>
  );
}

function swap(ids: string[], a: number, b: number): string[] {
  const out = [...ids];
  [out[a], out[b]] = [out[b]!, out[a]!];
  return out;
}
