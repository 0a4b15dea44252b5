/** The favicon's side in pixels (browsers scale it down for the tab, up to 64 for a high-density shortcut). */
export const SITE_ICON_SIZE = 64;

/**
 * The favicon's letters: the first letter of the first and the last word of the photographer's name, upper case
 * ("Anna Nováková" → "AN", "Šárka" → "Š"). Anything that is not a letter is left out.
 */
export function siteIconInitials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toLocaleUpperCase('cs');
}

/** The address the layout links for the favicon (see src/app/site-icon.png/route.tsx). */
export function siteIconHref(name: string): string {
  return `/site-icon.png?v=${encodeURIComponent(siteIconInitials(name))}`;
}
