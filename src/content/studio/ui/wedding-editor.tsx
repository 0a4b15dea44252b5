'use client';
import { useCallback, useEffect, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useRouter } from 'next/navigation';
import { SAMPLE_CATEGORIES } from '../../placeholders';
import { czechCount, PHOTOS_ACC, PHOTOS_GEN } from '@/site/public';
import type { AdminPhoto, AdminWedding } from '../types';
import { variantUrl } from '../variants';
import { api, uploadFile, type ApiError } from './api-client';
import { PublishBar, errorText, useStudioRun } from './publish-bar';
import styles from './studio.module.css';

type UploadState = 'waiting' | 'uploading' | 'done' | 'duplicate' | 'error';
interface UploadItem {
  key: string;
  file: File;
  progress: number;
  state: UploadState;
  message?: string;
  /** Whether trying again can help (a dropped connection, a busy server) — not for a refused file. */
  retryable?: boolean;
}

const STATUS_TEXT: Record<AdminPhoto['status'], string> = { processing: 'Zpracovává se…', ready: 'Připraveno', failed: 'Chyba zpracování' };
const UPLOAD_TEXT: Record<UploadState, string> = { waiting: 'Čeká', uploading: 'Nahrává se', done: 'Nahráno', duplicate: 'Přeskočeno (už nahráno)', error: 'Chyba' };

/** A refused file (wrong type, too large, unreadable) fails the same way again; a dropped connection or a busy server may not. */
function retryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

const categoryName = (slug: string | null) => SAMPLE_CATEGORIES.find((c) => c.slug === slug)?.name ?? null;

/** The description a photo gets when she describes it later: the couple and the part of the day („Tereza & Jakub – Obřad“). */
export function defaultAlt(wedding: Pick<AdminWedding, 'couple' | 'location'>, category: string | null): string {
  const part = categoryName(category);
  return part ? `${wedding.couple} – ${part}` : `${wedding.couple}, ${wedding.location}`;
}


/** The studio's wedding editor: details, publishing, uploads with progress, and the photo list. */
export function WeddingEditor({ initial, maxUploadLabel }: { initial: AdminWedding; maxUploadLabel: string }) {
  const router = useRouter();
  const [wedding, setWedding] = useState(initial);
  const { message, run, clear } = useStudioRun();
  /** Per photo, the outcome of its last alt/category save, shown beside its fields. */
  const [saved, setSaved] = useState<Record<string, { ok: boolean; text: string }>>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const uploading = useRef(false);
  const uploadsRef = useRef<UploadItem[]>([]);
  const base = `/api/admin/weddings/${wedding.id}`;

  const reload = useCallback(async () => {
    setWedding(await api<AdminWedding>('GET', base));
  }, [base]);

  // While photos are processing, look for their results every two seconds.
  const processing = wedding.photos.some((p) => p.status === 'processing');
  // An error about the photos (e.g. "cannot publish without a processed photo") is stale once another is ready.
  const readyCount = wedding.photos.filter((p) => p.status === 'ready').length;
  const lastReady = useRef(readyCount);
  useEffect(() => {
    if (readyCount !== lastReady.current && message?.kind === 'error') clear();
    lastReady.current = readyCount;
  }, [readyCount, message, clear]);
  useEffect(() => {
    if (!processing) return;
    const t = setInterval(() => void reload().catch(() => undefined), 2000);
    return () => clearInterval(t);
  }, [processing, reload]);

  const patchUpload = (key: string, change: Partial<UploadItem>) => {
    uploadsRef.current = uploadsRef.current.map((u) => (u.key === key ? { ...u, ...change } : u));
    setUploads(uploadsRef.current);
  };

  /** Uploads waiting files one after another (one request at a time). */
  const pump = useCallback(async () => {
    if (uploading.current) return;
    uploading.current = true;
    try {
      for (;;) {
        const next = uploadsRef.current.find((u) => u.state === 'waiting');
        if (!next) break;
        patchUpload(next.key, { state: 'uploading', progress: 0, message: undefined });
        try {
          await uploadFile(`${base}/photos`, next.file, (f) => patchUpload(next.key, { progress: f }));
          patchUpload(next.key, { state: 'done', progress: 1 });
        } catch (err) {
          const e = err as ApiError;
          if (e.status === 409) patchUpload(next.key, { state: 'duplicate', progress: 1, message: e.message });
          else patchUpload(next.key, { state: 'error', message: errorText(err), retryable: retryableStatus(typeof e.status === 'number' ? e.status : 0) });
        }
        await reload().catch(() => undefined);
      }
    } finally {
      uploading.current = false;
    }
  }, [base, reload]);

  const addFiles = (files: FileList | File[]) => {
    const list = Array.from(files);
    if (!list.length) return;
    const items = list.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, file, progress: 0, state: 'waiting' as const }));
    uploadsRef.current = [...uploadsRef.current, ...items];
    setUploads(uploadsRef.current);
    void pump();
  };

  const retry = (key: string) => {
    patchUpload(key, { state: 'waiting', progress: 0, message: undefined });
    void pump();
  };

  const saveDetails = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const str = (k: string) => String(f.get(k) ?? '');
    void run(async () => {
      const updated = await api<AdminWedding>('PATCH', base, {
        couple: str('couple'),
        date: str('date'),
        location: str('location'),
        shortDescription: str('shortDescription'),
        story: str('story'),
        year: Number(str('year')),
        favorite: f.get('favorite') === 'on',
        slug: str('slug'),
      });
      setWedding(updated);
    }, 'Uloženo.');
  };

  const setPublished = (published: boolean) =>
    run(async () => setWedding(await api<AdminWedding>('PATCH', base, { published })), published ? 'Svatba je zveřejněná.' : 'Svatba je skrytá (koncept).');

  const patchPhoto = async (id: string, change: { alt?: string; category?: string | null }) => {
    setSaved((s) => ({ ...s, [id]: { ok: true, text: 'Ukládám…' } }));
    try {
      const photo = await api<AdminPhoto>('PATCH', `/api/admin/photos/${id}`, change);
      setWedding((w) => ({ ...w, photos: w.photos.map((p) => (p.id === id ? photo : p)) }));
      setSaved((s) => ({ ...s, [id]: { ok: true, text: change.alt !== undefined ? 'Popis uložen.' : 'Kategorie uložena.' } }));
    } catch (err) {
      setSaved((s) => ({ ...s, [id]: { ok: false, text: errorText(err) } }));
    }
  };

  const toggleSelected = (id: string, on: boolean) =>
    setSelected((sel) => {
      const next = new Set(sel);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** One change for every selected photo, one request each; the list is read again at the end. */
  const forSelected = (label: (n: number) => string, change: (p: AdminPhoto) => Promise<unknown>) => {
    const photos = wedding.photos.filter((p) => selected.has(p.id));
    if (!photos.length) return;
    void run(async () => {
      try {
        for (const p of photos) await change(p);
      } finally {
        await reload().catch(() => undefined);
      }
      setSelected(new Set());
    }, label(photos.length));
  };

  const bulkCategory = (category: string | null) =>
    forSelected(
      (n) => `Kategorie změněna u ${czechCount(n, PHOTOS_GEN)}.`,
      (p) => api('PATCH', `/api/admin/photos/${p.id}`, { category }),
    );

  const bulkDelete = () => {
    const n = selected.size;
    if (!n || !window.confirm(`Opravdu smazat ${czechCount(n, PHOTOS_ACC)}? Tuto akci nelze vrátit.`)) return;
    forSelected(
      (k) => `Smazáno: ${czechCount(k, PHOTOS_ACC)}.`,
      (p) => api('DELETE', `/api/admin/photos/${p.id}`),
    );
  };

  /** "Describe later": every photo without a description gets the couple and its part of the day, editable after. */
  const fillMissingAlts = () => {
    const missing = wedding.photos.filter((p) => p.status !== 'failed' && !p.alt.trim());
    if (!missing.length) return;
    void run(
      async () => {
        try {
          for (const p of missing) await api('PATCH', `/api/admin/photos/${p.id}`, { alt: defaultAlt(wedding, p.category) });
        } finally {
          await reload().catch(() => undefined);
        }
      },
      `Popis doplněn u ${czechCount(missing.length, PHOTOS_GEN)}. Upravit ho můžete kdykoli.`,
    );
  };

  const setCover = (id: string) => {
    // Shown at once (a radio group must follow the click); the answer confirms or the error message explains.
    setWedding((w) => ({ ...w, coverPhotoId: id }));
    return run(async () => setWedding(await api<AdminWedding>('PATCH', base, { coverPhotoId: id })), 'Titulní fotografie nastavena.');
  };

  const deletePhoto = (photo: AdminPhoto) => {
    if (!window.confirm(`Opravdu smazat fotografii „${photo.fileName}“? Tuto akci nelze vrátit.`)) return;
    void run(async () => {
      await api('DELETE', `/api/admin/photos/${photo.id}`);
      await reload();
    }, 'Fotografie smazána.');
  };

  const deleteWedding = () => {
    if (!window.confirm(`Opravdu smazat svatbu „${wedding.couple}“ i se všemi fotografiemi? Tuto akci nelze vrátit.`)) return;
    void run(async () => {
      await api('DELETE', base);
      router.push('/admin/svatby');
    });
  };

  const reorder = (ids: string[]) =>
    run(async () => {
      setWedding((w) => ({ ...w, photos: ids.map((id) => w.photos.find((p) => p.id === id)).filter((p): p is AdminPhoto => Boolean(p)) }));
      setWedding(await api<AdminWedding>('PATCH', base, { photoOrder: ids }));
    });

  const move = (index: number, by: number) => {
    const ids = wedding.photos.map((p) => p.id);
    const to = index + by;
    if (to < 0 || to >= ids.length) return;
    [ids[index], ids[to]] = [ids[to], ids[index]];
    setAnnounce(`Fotografie přesunuta na pozici ${to + 1} z ${ids.length}.`);
    void reorder(ids);
  };

  const onPhotoKey = (e: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (!e.altKey) return;
    if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') {
      e.preventDefault();
      move(index, -1);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowRight') {
      e.preventDefault();
      move(index, 1);
    }
  };

  const onDropPhoto = (e: DragEvent<HTMLLIElement>, targetId: string) => {
    e.preventDefault();
    if (!dragging || dragging === targetId) return;
    const ids = wedding.photos.map((p) => p.id).filter((id) => id !== dragging);
    ids.splice(ids.indexOf(targetId), 0, dragging);
    setDragging(null);
    void reorder(ids);
  };

  const total = uploads.length;
  const finished = uploads.filter((u) => u.state === 'done' || u.state === 'duplicate').length;
  const overall = total ? uploads.reduce((s, u) => s + (u.state === 'error' ? 0 : u.progress), 0) / total : 0;
  const missingAlt = wedding.photos.filter((p) => p.status !== 'failed' && !p.alt.trim()).length;
  // The public page shows the first photo when none is chosen (or the chosen one was deleted): mark that one.
  const coverId = wedding.photos.some((p) => p.id === wedding.coverPhotoId && p.status === 'ready') ? wedding.coverPhotoId : (wedding.photos.find((p) => p.status === 'ready')?.id ?? null);

  return (
    <div className={styles.form} style={{ maxWidth: 'none' }}>
      <PublishBar
        published={wedding.published}
        previewHref={`/admin/svatby/${wedding.id}/nahled`}
        publicHref={`/weddings/${wedding.slug}`}
        message={message}
        onPublish={(on) => void setPublished(on)}
      >
        {!wedding.published && missingAlt > 0 ? (
          <>
            <span className={styles.status}>Před zveřejněním doplňte popis u {czechCount(missingAlt, PHOTOS_GEN)}.</span>
            <button type="button" className="btn btn-small" onClick={fillMissingAlts}>
              Popíšu později – doplnit výchozí popisy
            </button>
          </>
        ) : null}
      </PublishBar>

      <section aria-labelledby="photos-title">
        <h2 id="photos-title">Fotografie</h2>
        <div
          className={`${styles.drop} ${dragOver ? styles.dropActive : ''}`}
          onDragOver={(e) => {
            if (e.dataTransfer.types.includes('Files')) {
              e.preventDefault();
              setDragOver(true);
            }
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={(e) => {
            if (!e.dataTransfer.files.length) return;
            e.preventDefault();
            setDragOver(false);
            addFiles(e.dataTransfer.files);
          }}
          data-testid="dropzone"
        >
          <p>Přetáhněte fotografie sem, nebo je vyberte. JPEG, PNG, WebP nebo HEIC, nejvýše {maxUploadLabel} na soubor.</p>
          <label className="btn">
            Vybrat fotografie
            <input
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
              className="visually-hidden"
              onChange={(e) => {
                if (e.currentTarget.files) addFiles(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
            />
          </label>
        </div>
        {total > 0 ? (
          <div className={styles.overall}>
            <label htmlFor="upload-overall">
              Nahráno {finished} z {total}
            </label>
            <progress id="upload-overall" max={1} value={overall} />
            <ul className={styles.uploads} aria-label="Nahrávané soubory">
              {uploads.map((u) => (
                <li key={u.key} className={styles.upload} data-state={u.state}>
                  <span>
                    {u.file.name} – {UPLOAD_TEXT[u.state]}
                    {u.message ? <span className={u.state === 'error' ? styles.error : styles.status}>: {u.message}</span> : null}
                  </span>
                  <progress max={1} value={u.progress} aria-label={`Průběh nahrávání ${u.file.name}`} />
                  {u.state === 'error' && u.retryable ? (
                    <button type="button" className="btn btn-small" onClick={() => retry(u.key)}>
                      Zkusit znovu
                    </button>
                  ) : (
                    <span />
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <p className={styles.status} id="reorder-help">
          Pořadí změníte přetažením, nebo klávesami Alt + šipka na vybrané fotografii či tlačítky Dříve/Později.
        </p>
        <p className="visually-hidden" aria-live="polite">
          {announce}
        </p>
        {wedding.photos.length > 1 ? (
          <div className={styles.bulk} role="group" aria-label="Hromadné úpravy vybraných fotografií">
            <button type="button" className="btn btn-small" onClick={() => setSelected(selected.size === wedding.photos.length ? new Set() : new Set(wedding.photos.map((p) => p.id)))}>
              {selected.size === wedding.photos.length ? 'Zrušit výběr' : 'Vybrat vše'}
            </button>
            <span className={styles.status} aria-live="polite">
              Vybráno: {selected.size}
            </span>
            <label htmlFor="bulk-category">Kategorie vybraných</label>
            <select id="bulk-category" defaultValue="-" disabled={!selected.size} onChange={(e) => {
              const v = e.currentTarget.value;
              e.currentTarget.value = '-';
              if (v !== '-') bulkCategory(v || null);
            }}>
              <option value="-" disabled>
                Vyberte…
              </option>
              <option value="">Bez kategorie</option>
              {SAMPLE_CATEGORIES.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
            <button type="button" className="btn btn-small" onClick={bulkDelete} disabled={!selected.size}>
              Smazat vybrané
            </button>
          </div>
        ) : null}
        <ol className={styles.photos} aria-label="Fotografie svatby" aria-describedby="reorder-help">
          {wedding.photos.map((p, i) => (
            <li
              key={p.id}
              className={`${styles.photo} ${dragging === p.id ? styles.photoDragging : ''}`}
              draggable
              onDragStart={(e) => {
                setDragging(p.id);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(e) => {
                if (dragging) e.preventDefault();
              }}
              onDrop={(e) => onDropPhoto(e, p.id)}
              onKeyDown={(e) => onPhotoKey(e, i)}
              data-photo-id={p.id}
              data-status={p.status}
            >
              {p.status === 'ready' && p.previewWidth ? (
                // eslint-disable-next-line @next/next/no-img-element -- a pre-made variant, no optimiser needed
                <img className={styles.thumb} src={variantUrl(p.id, Math.min(384, p.previewWidth))} alt="" width={384} height={256} loading="lazy" />
              ) : (
                <div className={styles.thumb}>{STATUS_TEXT[p.status]}</div>
              )}
              <label>
                <input type="checkbox" checked={selected.has(p.id)} onChange={(e) => toggleSelected(p.id, e.currentTarget.checked)} /> Vybrat fotografii {i + 1}
              </label>
              <span className={styles.status}>
                {i + 1}. {p.fileName} – {STATUS_TEXT[p.status]}
                {p.error ? <span className={styles.error}> {p.error}</span> : null}
              </span>
              <div className="field">
                <label htmlFor={`alt-${p.id}`}>Popis fotografie (alt)</label>
                <input
                  id={`alt-${p.id}`}
                  defaultValue={p.alt}
                  maxLength={300}
                  placeholder={defaultAlt(wedding, p.category)}
                  aria-invalid={!p.alt.trim() && p.status !== 'failed' ? true : undefined}
                  onBlur={(e) => {
                    if (e.currentTarget.value.trim() !== p.alt) void patchPhoto(p.id, { alt: e.currentTarget.value.trim() });
                  }}
                />
              </div>
              <div className="field">
                <label htmlFor={`cat-${p.id}`}>Kategorie</label>
                <select id={`cat-${p.id}`} value={p.category ?? ''} onChange={(e) => void patchPhoto(p.id, { category: e.currentTarget.value || null })}>
                  <option value="">Bez kategorie</option>
                  {SAMPLE_CATEGORIES.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
              <label>
                <input type="radio" name="cover" checked={coverId === p.id} disabled={p.status !== 'ready'} onChange={() => void setCover(p.id)} /> Titulní fotografie
              </label>
              <span className={saved[p.id]?.ok === false ? styles.error : styles.status} role="status">
                {saved[p.id]?.text ?? ''}
              </span>
              <div className={styles.photoButtons}>
                <button type="button" className="btn btn-small" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Posunout fotografii ${i + 1} dříve`}>
                  Dříve
                </button>
                <button type="button" className="btn btn-small" onClick={() => move(i, 1)} disabled={i === wedding.photos.length - 1} aria-label={`Posunout fotografii ${i + 1} později`}>
                  Později
                </button>
                <button type="button" className="btn btn-small" onClick={() => deletePhoto(p)} aria-label={`Smazat fotografii ${i + 1}`}>
                  Smazat
                </button>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="details-title">
        <h2 id="details-title">Údaje o svatbě</h2>
        <form className={styles.form} onSubmit={saveDetails} key={wedding.updatedAt}>
          <WeddingFields wedding={wedding} />
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary">
              Uložit údaje
            </button>
            <button type="button" className="btn" onClick={deleteWedding}>
              Smazat svatbu
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}

/** Form fields of a wedding (shared by the create form and the editor). */
export function WeddingFields({ wedding }: { wedding?: Partial<AdminWedding> }) {
  return (
    <>
      <div className={styles.row}>
        <div className="field">
          <label htmlFor="couple">Pár</label>
          <input id="couple" name="couple" required maxLength={120} defaultValue={wedding?.couple ?? ''} placeholder="Tereza & Jakub" />
        </div>
        <div className="field">
          <label htmlFor="date">Datum svatby</label>
          <input id="date" name="date" type="date" required defaultValue={wedding?.date ?? ''} />
        </div>
      </div>
      <div className={styles.row}>
        <div className="field">
          <label htmlFor="location">Místo</label>
          <input id="location" name="location" required maxLength={160} defaultValue={wedding?.location ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="year">Rok (prázdné = podle data)</label>
          <input id="year" name="year" type="number" min={1900} max={2200} defaultValue={wedding?.year ?? ''} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="shortDescription">Krátký popis</label>
        <input id="shortDescription" name="shortDescription" maxLength={400} defaultValue={wedding?.shortDescription ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="story">Příběh (Markdown)</label>
        <textarea id="story" name="story" maxLength={20000} defaultValue={wedding?.story ?? ''} />
      </div>
      {wedding?.slug !== undefined ? (
        <div className="field">
          <label htmlFor="slug">Adresa (slug)</label>
          <input id="slug" name="slug" maxLength={120} pattern="[a-z0-9]+(-[a-z0-9]+)*" defaultValue={wedding.slug} aria-describedby="slug-hint" />
          <span className="hint" id="slug-hint">
            Malá písmena bez diakritiky, číslice a pomlčky. Stará adresa bude dál přesměrovávat na novou.
          </span>
        </div>
      ) : null}
      <label>
        <input type="checkbox" name="favorite" defaultChecked={wedding?.favorite ?? false} /> Oblíbená svatba (na úvodní stránce)
      </label>
    </>
  );
}
