'use client';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { SizeHint } from '@/content/types';
import dynamic from 'next/dynamic';
import type { LightboxItem } from '@/content/ui/lightbox/lightbox';
import { photoProps, type PhotoImgProps, type PhotoSource } from './photo-props';
import { gallerySearch, photoCountLabel } from './gallery-model';
import styles from './gallery.module.css';

/**
 * The lightbox's code is loaded when a photo is first opened (or rendered on the server for a `?foto=` link), not
 * with the page: a visitor who only looks at the mosaic never downloads it (docs/decisions/055-lcp-without-waiting.md).
 */
const Lightbox = dynamic(() => import('@/content/ui/lightbox/lightbox').then((m) => m.Lightbox));

export interface GalleryItem {
  id: string;
  sizeHint: SizeHint;
  category: { slug: string; name: string } | null;
  alt: string;
  image: PhotoSource;
  /** LCP candidate: eager, fetchpriority=high, preloaded. */
  priority: boolean;
}

interface GalleryPhoto extends GalleryItem {
  thumb: PhotoImgProps;
}

/** Cell widths of the mosaic: 1 column < 34rem, 2 columns < 64rem, 3 columns above (container max 82rem). */
const THUMB_SIZES: Record<SizeHint, string> = {
  small: '(min-width: 82rem) 25rem, (min-width: 64rem) 31vw, (min-width: 34rem) 48vw, 100vw',
  // Medium cells are one column wide but two rows tall, large ones two by two: both crop a photo rendered
  // about twice the column width, so they need the larger candidates.
  medium: '(min-width: 82rem) 50rem, (min-width: 64rem) 62vw, (min-width: 34rem) 96vw, 100vw',
  large: '(min-width: 82rem) 50rem, (min-width: 64rem) 62vw, (min-width: 34rem) 96vw, 100vw',
};

/** In the lightbox a photo is limited by the viewport height when the viewport is wider than the photo. */
function lightboxSizes(image: PhotoSource): string {
  const w = Math.max(1, Math.round(image.width));
  const h = Math.max(1, Math.round(image.height));
  return `(min-aspect-ratio: ${w}/${h}) calc((100vh - 8rem) * ${(w / h).toFixed(3)}), 100vw`;
}

/**
 * The same next/image pipeline on the server render and in the browser, so both produce identical attributes.
 * Only the thumbnail's attributes are computed for every photo (hydration needs them); the lightbox's are computed
 * for a photo when the lightbox shows or preloads it (see lightboxItem).
 */
function withThumb(it: GalleryItem): GalleryPhoto {
  return { ...it, thumb: photoProps(it.image, { sizes: THUMB_SIZES[it.sizeHint] ?? THUMB_SIZES.small, alt: it.alt, priority: it.priority }) };
}

/** Lightbox attributes per photo, computed once on first use (keyed by the photo object, so a new gallery recomputes). */
const lightboxCache = new WeakMap<GalleryPhoto, LightboxItem>();

function lightboxItem(it: GalleryPhoto): LightboxItem {
  const hit = lightboxCache.get(it);
  if (hit) return hit;
  const full = photoProps(it.image, { sizes: lightboxSizes(it.image), alt: it.alt, noBlur: true });
  // The lightbox shows the thumbnail's blur placeholder until the large photo arrives.
  const item: LightboxItem = { id: it.id, alt: it.alt, caption: it.category?.name ?? null, img: { ...full, style: it.thumb.style } };
  lightboxCache.set(it, item);
  return item;
}

interface Props {
  items: GalleryItem[];
  categories: { slug: string; name: string; count: number }[];
  label: string;
  initialCategory: string | null;
  /** Position (0-based, within the initially visible photos) to open from `?foto=N`. */
  initialPhoto: number | null;
  baseQuery: string;
}

function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export function GalleryClient({ items: sources, categories, label, initialCategory, initialPhoto, baseQuery }: Props) {
  const items = useMemo(() => sources.map(withThumb), [sources]);
  const [category, setCategory] = useState<string | null>(initialCategory);
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef(new Map<string, HTMLAnchorElement>());

  const visible = useMemo(() => items.filter((it) => !category || it.category?.slug === category), [items, category]);

  const writeUrl = useCallback((state: { category: string | null; photo: number | null }) => {
    const search = gallerySearch(window.location.search.slice(1), state);
    window.history.replaceState(window.history.state, '', window.location.pathname + search + window.location.hash);
  }, []);

  // Deep link: ?foto=N opens the lightbox once the page is interactive.
  useEffect(() => {
    if (initialPhoto !== null) setOpen(initialPhoto);
  }, [initialPhoto]);

  const openAt = (pos: number) => {
    setOpen(pos);
    writeUrl({ category, photo: pos });
  };

  // Focus returns to the thumbnail of the photo that was last shown, once the dialog has gone.
  const returnTo = useRef<string | null>(null);
  const close = useCallback(() => {
    returnTo.current = open !== null ? (visible[open]?.id ?? null) : null;
    setOpen(null);
    writeUrl({ category, photo: null });
  }, [open, visible, category, writeUrl]);
  useEffect(() => {
    if (open !== null || !returnTo.current) return;
    const el = thumbs.current.get(returnTo.current);
    returnTo.current = null;
    el?.focus({ preventScroll: true });
    el?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  const navigate = useCallback(
    (pos: number) => {
      setOpen(pos);
      writeUrl({ category, photo: pos });
    },
    [category, writeUrl],
  );

  const chooseCategory = (e: MouseEvent, slug: string | null) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    setCategory(slug);
    setOpen(null);
    writeUrl({ category: slug, photo: null });
  };

  const itemAt = useCallback((pos: number) => lightboxItem(visible[pos]), [visible]);

  const chipHref = (slug: string | null) => (gallerySearch(baseQuery, { category: slug, photo: null }) || '?');

  return (
    <section className={styles.gallery} aria-label={label}>
      {categories.length > 1 ? (
        <nav aria-label="Kategorie fotografií" className={styles.filters}>
          <ul className="chips">
            <li>
              <a href={chipHref(null)} className="chip" aria-current={category === null ? 'true' : undefined} onClick={(e) => chooseCategory(e, null)}>
                Vše <span className="count">{items.length}</span>
              </a>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <a
                  href={chipHref(c.slug)}
                  className="chip"
                  aria-current={category === c.slug ? 'true' : undefined}
                  onClick={(e) => chooseCategory(e, c.slug)}
                >
                  {c.name} <span className="count">{c.count}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {category ? `${categories.find((c) => c.slug === category)?.name ?? ''}: ` : ''}
        {photoCountLabel(visible.length)}
      </p>
      <div className={styles.wrap}>
        <ul className={styles.grid} data-testid="gallery-grid">
          {visible.map((it, pos) => (
            <li key={it.id} className={`${styles.item} ${styles[it.sizeHint] ?? ''}`}>
              <a
                // next/image's `src` is its largest candidate whatever `sizes` says, so the thumbnail's equals the
                // lightbox's: without JavaScript the link opens the large photo.
                href={it.thumb.src}
                className={styles.thumb}
                ref={(el) => {
                  if (el) thumbs.current.set(it.id, el);
                  else thumbs.current.delete(it.id);
                }}
                aria-haspopup="dialog"
                onClick={(e) => {
                  if (!isPlainClick(e)) return;
                  e.preventDefault();
                  openAt(pos);
                }}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- srcset computed by next/image's getImageProps */}
                <img {...it.thumb} alt={it.alt} className={styles.img} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      {open !== null && visible[open] ? (
        <Lightbox count={visible.length} itemAt={itemAt} index={open} label={label} onNavigate={navigate} onClose={close} />
      ) : null}
    </section>
  );
}
