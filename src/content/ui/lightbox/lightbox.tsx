'use client';
import { useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import type { PhotoImgProps } from '@/content/ui/gallery/photo-props';
import styles from './lightbox.module.css';

export interface LightboxItem {
  id: string;
  alt: string;
  caption: string | null;
  img: PhotoImgProps;
}

interface Props {
  /**
   * Number of photos, and the photo at a position: computed on demand (the shown one and its two neighbours);
   * null while that photo's page of the gallery is still being fetched.
   */
  count: number;
  itemAt: (index: number) => LightboxItem | null;
  index: number;
  /** Accessible name of the dialog's context, e.g. the couple's gallery. */
  label: string;
  onNavigate: (index: number) => void;
  onClose: () => void;
}

const SWIPE_MIN_PX = 40;

/** Preloads a photo the way the <img> will request it (same srcset and sizes → same candidate). */
function preloadPhoto(img: PhotoImgProps): void {
  const el = new window.Image();
  if (img.sizes) el.sizes = img.sizes;
  if (img.srcSet) el.srcset = img.srcSet;
  el.src = img.src;
}

/** Sizes the photo before it has loaded (no jump, the blur placeholder shows): fit width and height. */
function boxStyle(img: PhotoImgProps): Record<string, string> {
  const w = img.width ?? 3;
  const h = img.height ?? 2;
  return { aspectRatio: `${w} / ${h}`, width: `min(100%, calc((100dvh - 8rem) * ${(w / h).toFixed(4)}))`, height: 'auto' };
}

/**
 * An accessible lightbox on the native modal <dialog> (top layer, the page behind is inert):
 * focus moves in and stays in (Tab wraps), Esc closes (the gallery returns focus to the thumbnail),
 * ←/→ and swipes navigate, the position is announced ("3 / 24"), the neighbours are preloaded,
 * and there is no slide animation under prefers-reduced-motion (CSS).
 */
export function Lightbox({ count, itemAt, index, label, onNavigate, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeBtn = useRef<HTMLButtonElement>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const [direction, setDirection] = useState<'next' | 'prev' | null>(null);
  const item = itemAt(index);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (!d.open) d.showModal();
    closeBtn.current?.focus();
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previousOverflow;
      if (d.open) d.close();
    };
  }, []);

  useEffect(() => {
    if (count < 2) return;
    // A neighbour that has not arrived yet is preloaded when it does (itemAt changes then).
    const next = itemAt((index + 1) % count);
    const prev = itemAt((index - 1 + count) % count);
    if (next) preloadPhoto(next.img);
    if (prev) preloadPhoto(prev.img);
  }, [itemAt, index, count]);

  const go = (delta: 1 | -1) => {
    if (count < 2) return;
    setDirection(delta === 1 ? 'next' : 'prev');
    onNavigate((index + delta + count) % count);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'Tab') {
      // Keep focus inside even where the browser would move it to its own UI.
      const focusables = Array.from(dialog.current?.querySelectorAll<HTMLElement>('button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])') ?? []);
      if (!focusables.length) return;
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !dialog.current?.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !dialog.current?.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? 1 : -1);
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-modal="true"
      aria-label={`Prohlížeč fotografií – ${label}`}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        // Esc is handled in onKeyDown; keep the native cancel from closing behind React's back.
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the dark backdrop (the dialog itself, not its content) closes.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className={styles.frame}>
        <div className={styles.toolbar}>
          <p className={styles.counter} aria-live="polite" aria-atomic="true" data-testid="lightbox-position">
            <span className="visually-hidden">Fotografie </span>
            {index + 1} / {count}
          </p>
          <button ref={closeBtn} type="button" className={styles.button} onClick={onClose} aria-label="Zavřít prohlížeč">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <figure className={styles.figure} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
          {item ? (
            <>
              {/* eslint-disable-next-line @next/next/no-img-element -- srcset computed by next/image's getImageProps */}
              <img
                key={item.id}
                {...item.img}
                loading="eager"
                alt={item.alt}
                style={{ ...item.img.style, ...boxStyle(item.img) }}
                className={`${styles.img} ${direction === 'next' ? styles.fromRight : direction === 'prev' ? styles.fromLeft : styles.fade}`}
                draggable={false}
              />
              {item.caption ? <figcaption className={styles.caption}>{item.caption}</figcaption> : null}
            </>
          ) : (
            <p className={styles.loading} data-testid="lightbox-loading">
              Načítám fotografii…
            </p>
          )}
        </figure>
        {count > 1 ? (
          <>
            <button type="button" className={`${styles.button} ${styles.prev}`} onClick={() => go(-1)} aria-label="Předchozí fotografie">
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            <button type="button" className={`${styles.button} ${styles.next}`} onClick={() => go(1)} aria-label="Další fotografie">
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </>
        ) : null}
      </div>
    </dialog>
  );
}
