'use client';
import { useState, type ReactNode } from 'react';
import type { ApiError } from './api-client';
import styles from './studio.module.css';

/** A studio editor's last outcome, announced to screen readers. */
export interface StudioMessage {
  kind: 'ok' | 'error';
  text: string;
}

/** The Czech message of a failed API call (the API's own message when it sent one). */
export function errorText(err: unknown): string {
  return (err as ApiError)?.message || 'Něco se pokazilo. Zkuste to prosím znovu.';
}

/** An editor's last outcome and `run`, which performs an action and reports its outcome (or its Czech error). */
export function useStudioRun() {
  const [message, setMessage] = useState<StudioMessage | null>(null);
  const run = async (fn: () => Promise<void>, ok?: string) => {
    setMessage(null);
    try {
      await fn();
      if (ok) setMessage({ kind: 'ok', text: ok });
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    }
  };
  return { message, run, clear: () => setMessage(null) };
}

/**
 * The head of a studio editor (wedding or post): its state, the preview and public links, the outcome of the last
 * action, and the publish/unpublish button (`children` are shown next to it, e.g. what blocks publishing).
 */
export function PublishBar(props: {
  published: boolean;
  previewHref: string;
  publicHref: string;
  message: StudioMessage | null;
  onPublish: (published: boolean) => void;
  stateTestId?: string;
  children?: ReactNode;
}) {
  const { published, previewHref, publicHref, message, onPublish, stateTestId, children } = props;
  return (
    <>
      <p className={styles.actions}>
        <span className="chip" data-testid={stateTestId}>
          {published ? 'Zveřejněno' : 'Koncept (neveřejné)'}
        </span>
        <a href={previewHref}>Náhled</a>
        {published ? <a href={publicHref}>Zobrazit na webu</a> : null}
      </p>
      <div aria-live="polite" role="status" data-testid="studio-message">
        {message ? <p className={message.kind === 'error' ? styles.error : styles.status}>{message.text}</p> : null}
      </div>
      <div className={styles.actions}>
        {published ? (
          <button type="button" className="btn" onClick={() => onPublish(false)}>
            Skrýt z webu
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => onPublish(true)}>
            Zveřejnit
          </button>
        )}
        {children}
      </div>
    </>
  );
}
