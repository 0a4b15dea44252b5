'use client';
// eslint-disable-next-line no-restricted-imports -- the one module that imports next/link: every other one imports this
import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/** The attribute by which the intent listener (./layout/intent-prefetch.tsx) knows a link it may prefetch. */
export const INTENT_PREFETCH_ATTR = 'data-intent';

/**
 * Next's `<Link>` that prefetches on intent, not on sight (docs/decisions/106-prefetch-on-intent.md).
 *
 * Next prefetches every link as it scrolls into view: right after hydration, a page with a few links in its first
 * screen fetched and decoded their server-component payloads (and their stylesheets) while the phone was still
 * busy with its own start-up. Here the link is rendered with `prefetch={false}` (no visibility observer, no
 * prefetch) and marked; one listener in the layout prefetches a marked link through the router when the pointer
 * reaches it or it gets focus — before the click, as Next's own hover prefetch does.
 * A link that states `prefetch` itself keeps Next's behaviour for that value (`false`: never prefetched).
 *
 * A client module, so a server page's payload carries only the props it passes (href, class, children), not the
 * `prefetch` and the mark of every link; the mark is short because every public page carries it on each link.
 */
export function Link({ prefetch, ...props }: ComponentProps<typeof NextLink>) {
  if (prefetch !== undefined) return <NextLink prefetch={prefetch} {...props} />;
  return <NextLink {...props} prefetch={false} {...{ [INTENT_PREFETCH_ATTR]: '' }} />;
}
