'use client';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import * as tus from 'tus-js-client';
import { errorMessage } from './api-client';
import styles from './galleries.module.css';

/**
 * Bulk, resumable upload of a delivery (tus via tus-js-client): three files at a time, per-file and overall
 * progress with the remaining time. A dropped connection is retried and continues from the last byte the server
 * acknowledged; after a reloaded tab the same files, chosen again, continue where they stopped (the client keeps
 * each upload's address under a fingerprint of gallery + file). The server skips a file whose content is already in
 * the gallery.
 */

const PARALLEL = 3;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000, 60000];
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,image/tiff,.jpg,.jpeg,.png,.webp,.heic,.heif,.avif,.tif,.tiff';

type State = 'waiting' | 'uploading' | 'done' | 'duplicate' | 'failed';

interface Item {
  key: string;
  file: File;
  state: State;
  sent: number;
  message: string | null;
  resumed: boolean;
}

const fmtBytes = (n: number) => (n >= 1e9 ? `${(n / 1e9).toLocaleString('cs-CZ', { maximumFractionDigits: 1 })} GB` : `${Math.round(n / 1e6).toLocaleString('cs-CZ')} MB`);

function fmtRemaining(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  if (seconds < 60) return `zbývá asi ${Math.max(1, Math.round(seconds))} s`;
  const m = Math.round(seconds / 60);
  if (m < 60) return `zbývá asi ${m} min`;
  return `zbývá asi ${Math.floor(m / 60)} h ${m % 60} min`;
}

const STATE_TEXT: Record<State, string> = { waiting: 'čeká', uploading: 'nahrávám', done: 'nahráno', duplicate: 'už v galerii – přeskočeno', failed: 'selhalo' };

export function Uploader({ galleryId, sets, onUploaded }: { galleryId: string; sets: { id: string; title: string }[]; onUploaded: () => void }) {
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [setId, setSetId] = useState('');
  const [pending, setPending] = useState<number>(0);
  const [rate, setRate] = useState(0);
  const uploads = useRef(new Map<string, tus.Upload>());
  const samples = useRef<{ t: number; bytes: number }[]>([]);
  const itemsRef = useRef<Item[]>([]);
  itemsRef.current = items;

  // Uploads left unfinished in this browser (a reloaded tab): say so, the photographer picks the files again.
  useEffect(() => {
    void tus.defaultOptions.urlStorage
      .findAllUploads()
      .then((all) => setPending(all.filter((u) => u.metadata?.galleryId === galleryId).length))
      .catch(() => setPending(0));
  }, [galleryId]);

  const update = useCallback((key: string, patch: Partial<Item>) => {
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  }, []);

  const startOne = useCallback(
    (item: Item) => {
      const upload = new tus.Upload(item.file, {
        endpoint: '/api/admin/uploads',
        retryDelays: RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        metadata: { target: 'gallery', galleryId, filename: item.file.name, filetype: item.file.type, ...(setId ? { setId } : {}) },
        fingerprint: async (file) => ['galerie', galleryId, file instanceof File ? file.name : '', file.size, file instanceof File ? file.lastModified : 0].join('|'),
        onProgress: (sent) => update(item.key, { sent, state: 'uploading' }),
        onSuccess: ({ lastResponse }) => {
          let duplicate = false;
          try {
            duplicate = (JSON.parse(lastResponse.getBody() || '{}') as { duplicate?: boolean }).duplicate === true;
          } catch {
            /* a finished upload resumed after a reload answers without a body */
          }
          uploads.current.delete(item.key);
          update(item.key, { state: duplicate ? 'duplicate' : 'done', sent: item.file.size, message: null });
          onUploaded();
        },
        onError: (err) => {
          uploads.current.delete(item.key);
          const res = (err as tus.DetailedError).originalResponse;
          const message = res ? errorMessage(res.getStatus(), res.getBody()) : 'Spojení se serverem se nepodařilo obnovit. Zkuste soubor nahrát znovu.';
          update(item.key, { state: 'failed', message });
        },
      });
      uploads.current.set(item.key, upload);
      update(item.key, { state: 'uploading', message: null });
      void upload.findPreviousUploads().then((previous) => {
        if (previous[0]) {
          upload.resumeFromPreviousUpload(previous[0]);
          update(item.key, { resumed: true });
        }
        upload.start();
      });
    },
    [galleryId, onUploaded, setId, update],
  );

  // Keep PARALLEL uploads running while files wait.
  useEffect(() => {
    const running = items.filter((i) => i.state === 'uploading').length;
    const waiting = items.filter((i) => i.state === 'waiting');
    for (const item of waiting.slice(0, Math.max(0, PARALLEL - running))) startOne(item);
  }, [items, startOne]);

  // Throughput over the last ~10 s, for the remaining time.
  const totalBytes = items.reduce((s, i) => s + i.file.size, 0);
  const sentBytes = items.reduce((s, i) => s + (i.state === 'done' || i.state === 'duplicate' ? i.file.size : i.sent), 0);
  const active = items.some((i) => i.state === 'uploading' || i.state === 'waiting');
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      const now = Date.now();
      const bytes = itemsRef.current.reduce((s, i) => s + (i.state === 'done' || i.state === 'duplicate' ? i.file.size : i.sent), 0);
      samples.current = [...samples.current.filter((x) => now - x.t < 10_000), { t: now, bytes }];
      const first = samples.current[0]!;
      setRate(now > first.t ? ((bytes - first.bytes) * 1000) / (now - first.t) : 0);
    }, 1000);
    return () => clearInterval(timer);
  }, [active]);

  useEffect(() => {
    const all = uploads.current;
    return () => {
      for (const u of all.values()) void u.abort();
    };
  }, []);

  const add = (files: FileList | File[]) => {
    const list = Array.from(files);
    if (!list.length) return;
    setItems((prev) => [...prev, ...list.map((file, n) => ({ key: `${Date.now()}-${n}-${file.name}`, file, state: 'waiting' as const, sent: 0, message: null, resumed: false }))]);
  };
  const retry = (key: string) => update(key, { state: 'waiting', message: null });

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };
  const done = items.filter((i) => i.state === 'done' || i.state === 'duplicate').length;
  const failed = items.filter((i) => i.state === 'failed').length;

  return (
    <section aria-labelledby="upload-title">
      <h2 id="upload-title">Nahrát fotografie</h2>
      {pending > 0 ? (
        <p className={styles.status}>
          Nedokončená nahrávání v tomto prohlížeči: {pending}. Vyberte prosím tytéž soubory znovu – nahrávání naváže tam, kde skončilo.
        </p>
      ) : null}
      {sets.length ? (
        <div className="field">
          <label htmlFor="upload-set">Do sady</label>
          <select id="upload-set" value={setId} onChange={(e) => setSetId(e.target.value)}>
            <option value="">bez sady</option>
            {sets.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div
        className={`${styles.drop} ${dragging ? styles.dropActive : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Přetáhněte sem fotografie, nebo je vyberte. Nahrávání po výpadku spojení pokračuje samo.</p>
        <label className="btn btn-primary" htmlFor="gallery-files">
          Vybrat fotografie
        </label>
        <input
          id="gallery-files"
          type="file"
          multiple
          accept={ACCEPT}
          className="visually-hidden"
          onChange={(e: ChangeEvent<HTMLInputElement>) => {
            if (e.target.files) add(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {items.length ? (
        <>
          <div className={styles.overall}>
            <label htmlFor="upload-overall">
              Celkem: {done} z {items.length} souborů, {fmtBytes(sentBytes)} z {fmtBytes(totalBytes)}
              {failed ? `, ${failed} selhalo` : ''} {active ? fmtRemaining((totalBytes - sentBytes) / rate) : ''}
            </label>
            <progress id="upload-overall" max={totalBytes || 1} value={sentBytes} />
          </div>
          <ul className={styles.uploads} aria-label="Nahrávané soubory">
            {items.map((i) => (
              <li key={i.key} className={styles.upload} data-state={i.state}>
                <span>{i.file.name}</span>
                <progress max={i.file.size || 1} value={i.state === 'done' || i.state === 'duplicate' ? i.file.size : i.sent} aria-label={`Průběh: ${i.file.name}`} />
                <span>
                  {STATE_TEXT[i.state]}
                  {i.resumed && i.state === 'uploading' ? ' (navazuji)' : ''}
                  {i.message ? <span className={styles.error}> – {i.message}</span> : null}
                  {i.state === 'failed' ? (
                    <>
                      {' '}
                      <button type="button" className="btn" onClick={() => retry(i.key)}>
                        Zkusit znovu
                      </button>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
