export const DEFERRED_MEDIA_ATTR: string;
export const DEFERRED_MEDIA_SCRIPT: string;
export function criticalCssFor(html: string, staticDir: string): Promise<string>;
export function inlineCriticalCss(html: string, staticDir: string, maxBytes?: number): Promise<string>;
