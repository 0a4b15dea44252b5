'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';

/** The photographer's one-click actions of a gallery's delivery: the "photos ready" mail, reopening the selection, copying the Lightroom filter. */
export function DeliveryActions({ galleryId, lightroom, canReopen }: { galleryId: string; lightroom: string; canReopen: boolean }) {
  const router = useRouter();
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const api = `/api/admin/galleries/${encodeURIComponent(galleryId)}`;

  async function post(path: string, ok: string) {
    setBusy(true);
    try {
      const res = await fetch(`${api}/${path}`, { method: 'POST' });
      if (res.ok) {
        setStatus({ text: ok, error: false });
        router.refresh();
      } else {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        setStatus({ text: body?.error?.message ?? 'Akce se nepovedla.', error: true });
      }
    } catch {
      setStatus({ text: 'Spojení se nepodařilo.', error: true });
    }
    setBusy(false);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(lightroom);
      setStatus({ text: 'Filtr pro Lightroom je zkopírovaný.', error: false });
    } catch {
      setStatus({ text: 'Kopírování se nepovedlo; filtr označte a zkopírujte ručně.', error: true });
    }
  }

  return (
    <div data-testid="delivery-actions" data-hydrated={hydrated ? 'true' : undefined}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void post('ready-mail', 'E-mail „fotografie jsou připravené“ je odeslaný.')}>
          Poslat páru e-mail „fotografie jsou připravené“
        </button>
        {lightroom ? (
          <button type="button" className="btn" onClick={() => void copy()}>
            Kopírovat filtr pro Lightroom
          </button>
        ) : null}
        {canReopen ? (
          <button type="button" className="btn" disabled={busy} onClick={() => void post('selection/reopen', 'Výběr do alba je znovu otevřený.')}>
            Znovu otevřít výběr do alba
          </button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className={status ? (status.error ? 'notice notice-error' : 'notice notice-ok') : 'visually-hidden'}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}
