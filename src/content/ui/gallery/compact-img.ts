import type { PhotoImgProps } from './photo-props';

/**
 * An <img>'s attributes as they travel to a client component (in the page's flight data and the gallery's JSON
 * route). A srcset whose candidates differ only in their width — every loader we use writes the width into the
 * URL once — is sent as one URL template and the list of widths (`{ t, ws }`), and `src` (next/image's largest
 * candidate) is left out when it is the last of them. On a wedding page that is ≈ 1 KB less per photo; the
 * browser writes the same attributes back (`expandImg`), so the HTML is identical.
 */
export type CompactImgProps = Omit<PhotoImgProps, 'src' | 'srcSet'> & ({ src: string; srcSet?: string } | { c: { t: string; ws: number[] } });

const MARK = '{w}';

/** The template with `{w}` where the width goes, or null when the srcset is not one URL pattern. */
function template(entries: { url: string; w: number }[]): string | null {
  const [first] = entries;
  if (!first || first.url.includes(MARK)) return null;
  const needle = String(first.w);
  for (let at = first.url.indexOf(needle); at >= 0; at = first.url.indexOf(needle, at + 1)) {
    const t = first.url.slice(0, at) + MARK + first.url.slice(at + needle.length);
    if (entries.every((e) => t.replace(MARK, String(e.w)) === e.url)) return t;
  }
  return null;
}

export function compactImg(props: PhotoImgProps): CompactImgProps {
  const { src, srcSet, ...rest } = props;
  const entries = (srcSet ?? '').split(', ').map((part) => {
    const m = /^(\S+) (\d+)w$/.exec(part);
    return m ? { url: m[1], w: Number(m[2]) } : null;
  });
  if (!srcSet || entries.some((e) => e === null)) return props;
  const list = entries as { url: string; w: number }[];
  const t = template(list);
  const last = list[list.length - 1];
  if (!t || last.url !== src) return props;
  return { ...rest, c: { t, ws: list.map((e) => e.w) } };
}

const expanded = new WeakMap<object, PhotoImgProps>();

/** The <img> attributes back from their compact form (the same object for the same input). */
export function expandImg(props: CompactImgProps): PhotoImgProps {
  if (!('c' in props)) return props;
  const hit = expanded.get(props);
  if (hit) return hit;
  const { c, ...rest } = props;
  const url = (w: number) => c.t.replace(MARK, String(w));
  const img: PhotoImgProps = { ...rest, src: url(c.ws[c.ws.length - 1] ?? 0), srcSet: c.ws.map((w) => `${url(w)} ${w}w`).join(', ') };
  expanded.set(props, img);
  return img;
}
