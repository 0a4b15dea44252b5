import type * as ConsentRuntimeModule from './consent-runtime';

/** Consent state shared between the lazily loaded consent UI and the analytics tracker. */
export const CONSENT_EVENT = 'site:consent';
export interface ConsentDetail {
  analytics: boolean;
}

type ConsentRuntime = typeof ConsentRuntimeModule;
let runtime: Promise<ConsentRuntime> | null = null;

/** The consent library (~15 KB gzip with its CSS) loads after the page, never as part of a content page's bundle. */
export function loadConsentRuntime(): Promise<ConsentRuntime> {
  runtime ??= import('./consent-runtime');
  return runtime;
}
