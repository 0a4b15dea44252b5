export const BUILT_CONFIG_ENV: '__NEXT_PRIVATE_STANDALONE_CONFIG';
export function contentfulImagePatterns(spaceId: string | undefined): { protocol: 'https'; hostname: string; pathname: string }[];
export function applyBuiltConfig(dir: string, env?: Record<string, string | undefined>): boolean;
