'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { api, type ApiError } from './api-client';
import { WeddingFields } from './wedding-editor';
import styles from './studio.module.css';

/** Creates a draft wedding through POST /api/admin/weddings and opens it in the editor. */
export function NewWeddingForm() {
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
      const created = await api<{ id: string; slug: string }>('POST', '/api/admin/weddings', {
        couple: str('couple'),
        date: str('date'),
        location: str('location'),
        shortDescription: str('shortDescription'),
        story: str('story'),
        ...(str('year') ? { year: Number(str('year')) } : {}),
        favorite: f.get('favorite') === 'on',
      });
      router.push(`/admin/svatby/${created.id}`);
    } catch (err) {
      setError((err as ApiError).message);
      setBusy(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-labelledby="new-title">
      <WeddingFields />
      <div role="alert">{error ? <p className={styles.error}>{error}</p> : null}</div>
      <p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Zakládám…' : 'Založit svatbu'}
        </button>
      </p>
    </form>
  );
}
