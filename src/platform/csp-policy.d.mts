export function policyWithScriptSources(scriptSources: string[], dev: boolean): string;
export function scriptSourcesForHtml(html: string): string[];
export function policyForHtml(html: string): string;
