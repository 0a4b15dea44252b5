export const PAGE_HTML_LIMIT: number;
export const WEDDING_HTML_LIMIT: number;
export function htmlLimitFor(pagePath: string): number;
