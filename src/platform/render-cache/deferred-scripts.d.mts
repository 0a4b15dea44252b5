export const HOLD_MS: number;
export const LOADER_ATTR: string;
export function deferFrameworkScripts(html: string): string;
