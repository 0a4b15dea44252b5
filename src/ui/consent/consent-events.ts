import type * as ConsentRuntimeModule from './consent-runtime';

/** Consent state shared between the lazily loaded consent library, the banner and the analytics tracker. */
export const CONSENT_EVENT = 'site:consent';
export interface ConsentDetail {
  /** A valid stored choice exists (otherwise the banner must be shown). */
  chosen: boolean;
  analytics: boolean;
}

/** The library's preferences dialog opened or closed (the banner steps aside while it is open). */
export const PREFERENCES_EVENT = 'site:consent-preferences';
export interface PreferencesDetail {
  open: boolean;
}

/** The name of the cookie in which the library keeps the choice. */
export const CONSENT_COOKIE = 'cc_cookie';

type ConsentRuntime = typeof ConsentRuntimeModule;
let runtime: Promise<ConsentRuntime> | null = null;

/**
 * The consent library (~10 KB gzip with its texts, plus its CSS) loads after the page, never as part of a content
 * page's bundle: when the visitor answers the banner or opens the settings, or at idle when a stored choice
 * has to be read.
 */
export function loadConsentRuntime(): Promise<ConsentRuntime> {
  runtime ??= import('./consent-runtime');
  return runtime;
}
