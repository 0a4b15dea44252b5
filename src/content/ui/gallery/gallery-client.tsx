'use client';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import dynamic from 'next/dynamic';
import type { LightboxItem } from '@/content/ui/lightbox/lightbox';
import type { PhotoImgProps } from './photo-props';
import { expandImg } from './compact-img';
import type { GalleryItem } from './gallery-types';
import { gallerySearch, missingPages, pageOf, photoCountLabel } from './gallery-model';
import styles from './gallery.module.css';

/**
 * The lightbox's code is loaded when a photo is first opened, not with the page: a visitor who only looks at the
 * mosaic never downloads it (docs/decisions/055-lcp-without-waiting.md).
 */
const Lightbox = dynamic(() => import('@/content/ui/lightbox/lightbox').then((m) => m.Lightbox));

/**
 * Start loading the next page when the end of the mosaic is within two screens of the viewport, below it or (after
 * a quick scroll past it) above it.
 */
const AHEAD = '200% 0px 200% 0px';

/** In the lightbox a photo is limited by the viewport height when the viewport is wider than the photo. */
function lightboxSizes(img: PhotoImgProps): string {
  const w = Math.max(1, Math.round(img.width ?? 3));
  const h = Math.max(1, Math.round(img.height ?? 2));
  return `(min-aspect-ratio: ${w}/${h}) calc((100vh - 8rem) * ${(w / h).toFixed(3)}), 100vw`;
}

/** Lightbox attributes per photo, made once on first use (keyed by the item, so a new gallery recomputes). */
const lightboxCache = new WeakMap<GalleryItem, LightboxItem>();

/**
 * The thumbnail's srcset already holds every candidate from 390 px up (the server gives each thumbnail a vw-based
 * `sizes`), so the lightbox only swaps `sizes`: no srcset code runs in the browser. It shows the thumbnail's blur
 * placeholder until the large photo arrives.
 */
function lightboxItem(it: GalleryItem, caption: string | null): LightboxItem {
  const hit = lightboxCache.get(it);
  if (hit) return hit;
  const { fetchPriority: _priority, ...thumb } = expandImg(it.thumb);
  const item: LightboxItem = { id: it.id, alt: thumb.alt, caption, img: { ...thumb, sizes: lightboxSizes(thumb), loading: 'eager', decoding: 'async' } };
  lightboxCache.set(it, item);
  return item;
}

interface Props {
  /** The photos the first render knows: its page, and a deep-linked photo with its neighbours. */
  items: GalleryItem[];
  /** For every photo of the gallery (in order), the index of its category in `categories`, or -1. */
  cats: number[];
  categories: { slug: string; name: string; count: number }[];
  label: string;
  initialCategory: string | null;
  /** 1-based page of the view shown first (`?strana=N`). */
  initialPage: number;
  /** Position (0-based, within the initially visible photos) to open from `?foto=N`. */
  initialPhoto: number | null;
  baseQuery: string;
  pageSize: number;
  /** The JSON route with the gallery's digest (`…/fotografie?v=…`); null when `items` already holds every photo. */
  endpoint: string | null;
}

function isPlainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export function GalleryClient({ items: initialItems, cats, categories, label, initialCategory, initialPage, initialPhoto, baseQuery, pageSize, endpoint }: Props) {
  const [category, setCategory] = useState<string | null>(initialCategory);
  // The mosaic shows the view's positions [start, limit) that have arrived; `limit` grows a page at a time.
  const [range, setRange] = useState(() => ({ start: (initialPage - 1) * pageSize, limit: initialPage * pageSize }));
  const [loaded, setLoaded] = useState<ReadonlyMap<number, GalleryItem>>(() => new Map(initialItems.map((it) => [it.n, it])));
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef(new Map<string, HTMLAnchorElement>());
  const requested = useRef(new Set<string>());
  const sentinel = useRef<HTMLElement>(null);

  const catIndex = category ? categories.findIndex((c) => c.slug === category) : -1;
  /** The view: positions in the whole gallery of the photos shown for the chosen category. */
  const view = useMemo(() => cats.flatMap((c, n) => (catIndex < 0 || c === catIndex ? [n] : [])), [cats, catIndex]);

  const end = Math.min(range.limit, view.length);
  const shown = useMemo(() => {
    const out: GalleryItem[] = [];
    for (let p = range.start; p < end; p++) {
      const it = loaded.get(view[p]);
      if (!it) break;
      out.push(it);
    }
    return out;
  }, [range.start, end, loaded, view]);
  const shownEnd = range.start + shown.length;
  const loading = shownEnd < end;

  const loadPage = useCallback(
    (cat: string | null, page: number) => {
      if (!endpoint) return;
      const key = `${cat ?? ''}|${page}`;
      if (requested.current.has(key)) return;
      requested.current.add(key);
      const url = new URL(endpoint, window.location.href);
      url.searchParams.set('strana', String(page));
      if (cat) url.searchParams.set('kategorie', cat);
      // The fetch and the answer's shape check are loaded with the first page the mosaic lacks (./gallery-fetch.ts).
      void import('./gallery-fetch')
        .then(({ fetchGallerySlice }) => fetchGallerySlice(url))
        .then((body) => {
          setLoaded((prev) => {
            const next = new Map(prev);
            for (const it of body.items) if (!next.has(it.n)) next.set(it.n, it);
            return next;
          });
        })
        .catch((err: unknown) => {
          requested.current.delete(key);
          setFailure(err instanceof Error && err.message ? err.message : 'Další fotografie se nepodařilo načíst.');
        });
    },
    [endpoint],
  );

  // Fetch whatever the shown range still lacks (a new category, a grown limit).
  useEffect(() => {
    if (failure) return;
    for (const page of missingPages(range.start, end, (p) => loaded.has(view[p]), pageSize)) loadPage(category, page);
  }, [range.start, end, loaded, view, pageSize, category, loadPage, failure]);

  // Near the end of the mosaic, the next page joins the range (observed again after each page has arrived).
  const more = shownEnd < view.length;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || loading || failure || !endpoint) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setRange((r) => (r.limit <= shownEnd ? { ...r, limit: r.limit + pageSize } : r));
      },
      { rootMargin: AHEAD },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [more, loading, failure, endpoint, shownEnd, pageSize]);

  const writeUrl = useCallback((state: { category: string | null; photo: number | null; page?: number | null }) => {
    const search = gallerySearch(window.location.search.slice(1), state);
    window.history.replaceState(window.history.state, '', window.location.pathname + search + window.location.hash);
  }, []);

  // Deep link: ?foto=N opens the lightbox once the page is interactive.
  useEffect(() => {
    if (initialPhoto !== null) setOpen(initialPhoto);
  }, [initialPhoto]);

  // The lightbox's photo and its two neighbours must have arrived (a deep link or arrows beyond the loaded pages).
  useEffect(() => {
    if (open === null || !view.length) return;
    const c = view.length;
    for (const p of new Set([open, (open + 1) % c, (open - 1 + c) % c])) {
      if (!loaded.has(view[p])) loadPage(category, pageOf(p, pageSize));
    }
  }, [open, view, loaded, category, pageSize, loadPage]);

  const openAt = (pos: number) => {
    setOpen(pos);
    writeUrl({ category, photo: pos });
  };

  // Focus goes to a thumbnail once it is in the mosaic: the photo last shown in the lightbox after it closes, or
  // the first photo of a page loaded with the "more" link.
  const focusPos = useRef<number | null>(null);
  const close = useCallback(() => {
    if (open !== null) {
      focusPos.current = open;
      // A photo beyond the shown pages brings its page into the mosaic, so focus has somewhere to return.
      const first = (pageOf(open, pageSize) - 1) * pageSize;
      setRange((r) => (open >= r.start && open < r.limit ? r : { start: Math.min(r.start, first), limit: Math.max(r.limit, first + pageSize) }));
    }
    setOpen(null);
    writeUrl({ category, photo: null });
  }, [open, pageSize, category, writeUrl]);
  useEffect(() => {
    const pos = focusPos.current;
    if (open !== null || pos === null) return;
    const it = loaded.get(view[pos]);
    const el = it ? thumbs.current.get(it.id) : undefined;
    if (!el) return; // not in the mosaic yet: runs again when it is
    focusPos.current = null;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: 'nearest' });
  }, [open, shown, loaded, view]);

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
    setFailure(null);
    setRange({ start: 0, limit: pageSize });
    writeUrl({ category: slug, photo: null, page: null });
  };

  const showMore = (e: MouseEvent) => {
    // After a failed fetch the link navigates like it does without JavaScript (a fresh page).
    if (!isPlainClick(e) || failure || !endpoint) return;
    e.preventDefault();
    focusPos.current = shownEnd;
    setRange((r) => (r.limit <= shownEnd ? { ...r, limit: r.limit + pageSize } : r));
  };

  const itemAt = useCallback(
    (pos: number): LightboxItem | null => {
      const it = loaded.get(view[pos]);
      if (!it) return null;
      const c = cats[it.n];
      return lightboxItem(it, c >= 0 ? (categories[c]?.name ?? null) : null);
    },
    [loaded, view, cats, categories],
  );

  const href = (state: { category: string | null; page: number | null }) => gallerySearch(baseQuery, { ...state, photo: null }) || '?';
  const total = cats.length;

  return (
    <section className={styles.gallery} aria-label={label}>
      {categories.length > 1 ? (
        <nav aria-label="Kategorie fotografií" className={styles.filters}>
          <ul className="chips">
            <li>
              <a href={href({ category: null, page: null })} className="chip" aria-current={category === null ? 'true' : undefined} onClick={(e) => chooseCategory(e, null)}>
                Vše <span className="count">{total}</span>
              </a>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <a
                  href={href({ category: c.slug, page: null })}
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
        {photoCountLabel(view.length)}
      </p>
      <div className={styles.wrap}>
        <ul className={styles.grid} data-testid="gallery-grid">
          {shown.map((it, i) => {
            const pos = range.start + i;
            return (
              <li key={it.id} className={`${styles.item} ${styles[it.sizeHint] ?? ''}`}>
                <a
                  // The thumbnail's `src` is its largest candidate: without JavaScript the link opens the large photo.
                  href={expandImg(it.thumb).src}
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
                  {/* eslint-disable-next-line @next/next/no-img-element -- srcset computed on the server by next/image's getImageProps */}
                  <img {...expandImg(it.thumb)} alt={it.thumb.alt} className={styles.img} />
                </a>
              </li>
            );
          })}
        </ul>
      </div>
      {more || range.start > 0 ? (
        <nav ref={sentinel} aria-label="Další stránky galerie" className={styles.pager} data-testid="gallery-pager">
          <p className={styles.pagerStatus}>
            {loading && !failure ? 'Načítám další fotografie…' : `Fotografie ${range.start + 1}–${shownEnd}, celkem ${photoCountLabel(view.length)}`}
          </p>
          {failure ? (
            <p role="alert" className={styles.pagerStatus}>
              {failure}
            </p>
          ) : null}
          {range.start > 0 ? (
            <a className="btn" href={href({ category, page: pageOf(range.start, pageSize) - 1 })}>
              Předchozí fotografie
            </a>
          ) : null}
          {more ? (
            <a className="btn" href={href({ category, page: pageOf(shownEnd, pageSize) })} onClick={showMore} data-testid="gallery-more">
              Další fotografie
            </a>
          ) : null}
        </nav>
      ) : null}
      {open !== null && open < view.length ? (
        <Lightbox count={view.length} itemAt={itemAt} index={open} label={label} onNavigate={navigate} onClose={close} />
      ) : null}
    </section>
  );
}
