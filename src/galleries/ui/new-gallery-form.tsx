'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { api, type ApiError } from './api-client';
import styles from './galleries.module.css';

/** Creates a gallery through POST /api/admin/galleries and opens it. */
export function NewGalleryForm({ inquiryId }: { inquiryId?: number }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const str = (k: string) => String(f.get(k) ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const created = await api<{ id: string }>('POST', '/api/admin/galleries', {
        title: str('title'),
        ...(str('date') ? { date: str('date') } : {}),
        ...(str('coupleEmail') ? { coupleEmail: str('coupleEmail') } : {}),
        ...(str('inquiryId') ? { inquiryId: Number(str('inquiryId')) } : {}),
        ...(str('expiresAt') ? { expiresAt: str('expiresAt') } : {}),
      });
      router.push(`/admin/galerie/${created.id}`);
    } catch (err) {
      setError((err as ApiError).message);
      setBusy(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-labelledby="new-gallery-title">
      <div className="field">
        <label htmlFor="g-title">Název galerie</label>
        <input id="g-title" name="title" required maxLength={200} placeholder="Anna a Petr" />
      </div>
      <div className={styles.row}>
        <div className="field">
          <label htmlFor="g-date">Datum svatby</label>
          <input id="g-date" name="date" type="date" />
        </div>
        <div className="field">
          <label htmlFor="g-email">E-mail páru</label>
          <input id="g-email" name="coupleEmail" type="email" autoComplete="off" />
        </div>
      </div>
      <div className={styles.row}>
        <div className="field">
          <label htmlFor="g-inquiry">Číslo poptávky (nepovinné)</label>
          <input id="g-inquiry" name="inquiryId" type="number" min={1} inputMode="numeric" defaultValue={inquiryId ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="g-expires">Dostupná do</label>
          <input id="g-expires" name="expiresAt" type="date" />
        </div>
      </div>
      <div role="alert">{error ? <p className={styles.error}>{error}</p> : null}</div>
      <p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Zakládám…' : 'Založit galerii'}
        </button>
      </p>
    </form>
  );
}
