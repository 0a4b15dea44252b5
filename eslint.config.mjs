import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';

/*
 * Import boundaries (docs/decisions/014-import-boundaries.md, 070-site-layer.md). Layers, from the bottom:
 *   src/db        the schema, migrations and connection — imports no site, no domain, no ui, no app
 *   src/platform  infrastructure (env, log, mail, locks, jobs, start-up) — imports no site, no domain, no ui, no app
 *   src/site      the facts every domain reads (identity, terms, pricing, FAQ, testimonials, Czech text rules) —
 *                 imports only db and platform; everyone else reaches it only through @/site/public(.server)
 *   src/ui        shared presentation (form fields, layout, gallery) — reaches a domain only through its public module
 *   src/<domain>  every other folder (accounts, bookings, content, …) — reaches another domain only through that
 *                 domain's public module: `@/<domain>/public` (isomorphic) or `@/<domain>/public.server` (server only)
 *   src/app, src/*.ts  routes and wiring — may import any domain module, but no repository and no table schema
 * Tables (`@/db/schema`) are imported only by src/db, src/platform (its own infrastructure tables) and a domain's
 * repositories (a `repositories` folder or a `repository.ts` file inside the domain). The rules hold for static imports,
 * re-exports and dynamic `import()` (whose specifier must then be a plain string), in .ts, .tsx, .mts and .mjs.
 * A new folder under src/ is a domain automatically.
 */
const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');
const LAYERS = ['db', 'platform', 'site', 'ui', 'app'];
export const DOMAINS = fs
  .readdirSync(srcDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !LAYERS.includes(d.name))
  .map((d) => d.name)
  .sort();

const CODE = '{ts,tsx,mts,mjs}';
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `@/name…` or a relative path climbing into `name` (`../name/…`, `../../name/…`). */
const into = (name) => `^(@/|(\\.\\./)+)${escape(name)}(/|$)`;

const whole = (name, why) => ({ regex: into(name), message: why });
const internals = (name, why) => ({ regex: `^(@/|(\\.\\./)+)${escape(name)}(/(?!public(\\.server)?$)|$)`, message: why });

const noApp = whole('app', 'Nothing imports from src/app: routes and wiring sit at the top.');
const siteOnlyPublic = internals('site', 'The site layer is reached only through @/site/public or @/site/public.server (add the export there).');
const noTables = {
  regex: '^(@/|(\\.\\./)+)db/schema(/|$)',
  message: 'Only a repository touches tables (<domain>/repositories/…): call a repository function, not @/db/schema.',
};
/**
 * `no-restricted-imports` sees static imports and re-exports only; this rule applies the same patterns to dynamic
 * `import()`, and refuses a computed specifier there (it could not be checked: fail closed).
 */
const dynamicImportRule = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { patterns: { type: 'array' } }, additionalProperties: false }] },
  create(context) {
    const patterns = (context.options[0]?.patterns ?? []).map((p) => ({ re: new RegExp(p.regex), message: p.message }));
    return {
      ImportExpression(node) {
        const src = node.source;
        const value =
          src.type === 'Literal' && typeof src.value === 'string'
            ? src.value
            : src.type === 'TemplateLiteral' && src.expressions.length === 0
              ? src.quasis[0].value.cooked
              : null;
        if (value === null) {
          context.report({ node, message: 'A dynamic import() in src/ names its module as a plain string, so the import boundaries can check it.' });
          return;
        }
        const hit = patterns.find((p) => p.re.test(value));
        if (hit) context.report({ node, message: `'${value}' import is restricted from being used by a pattern. ${hit.message}` });
      },
    };
  },
};
const boundaryPlugin = { rules: { 'dynamic-import': dynamicImportRule } };

/** Links come from @/ui/link, which prefetches on intent (docs/decisions/106-prefetch-on-intent.md). */
const noNextLink = { regex: '^next/link$', message: "Import { Link } from '@/ui/link': it prefetches on intent, not on sight." };

/** One boundary: the same patterns for static imports (no-restricted-imports) and dynamic import(); every layer also gets noNextLink. */
const layer = (files, patterns, ignores) => ({
  files,
  ...(ignores ? { ignores } : {}),
  plugins: { boundaries: boundaryPlugin },
  rules: {
    'no-restricted-imports': ['error', { patterns: [...patterns, noNextLink] }],
    'boundaries/dynamic-import': ['error', { patterns: [...patterns, noNextLink] }],
  },
});

/** A domain's (or the site layer's) files that may import tables: its repositories. */
const tableOwnersIn = (dir) => [`src/${dir}/**/repositories/**/*.${CODE}`, `src/${dir}/**/repository.ts`];
/** Two config objects: every file of `dir` gets `patterns` plus the table rule, except its table owners, which get `patterns` alone. */
const withTables = (dir, patterns) => [
  layer([`src/${dir}/**/*.${CODE}`], [...patterns, noTables], tableOwnersIn(dir)),
  layer(tableOwnersIn(dir), patterns),
];
const domainPatterns = (domain) => [
  siteOnlyPublic,
  ...DOMAINS.filter((d) => d !== domain).map((d) =>
    internals(d, `A domain reaches another only through its public module: import from @/${d}/public or @/${d}/public.server (add the export there).`),
  ),
  noApp,
];

export const boundaries = [
  layer(
    [`src/db/**/*.${CODE}`],
    [
      whole('site', 'src/db imports no site: the site layer stands on src/db, not the other way round.'),
      ...DOMAINS.map((d) => whole(d, `src/db imports no domain (${d}): a domain owns its tables through src/db, not the other way round.`)),
      whole('ui', 'src/db imports no ui.'),
      noApp,
    ],
  ),
  layer(
    [`src/platform/**/*.${CODE}`],
    [
      whole('site', 'src/platform imports no site: the site layer stands on platform; src/wiring.server.ts connects them.'),
      ...DOMAINS.map((d) => whole(d, `src/platform imports no domain (${d}): domains describe their start-up steps, checks and jobs; src/wiring.server.ts lists them.`)),
      whole('ui', 'src/platform imports no ui.'),
      noApp,
    ],
  ),
  ...withTables('site', [
    ...DOMAINS.map((d) => whole(d, `src/site imports no domain (${d}): every domain reads the site layer, so it stands below them all.`)),
    whole('ui', 'src/site imports no ui: it holds facts and rules; the views live in a domain or src/ui.'),
    noApp,
  ]),
  layer(
    [`src/ui/**/*.${CODE}`],
    [
      siteOnlyPublic,
      ...DOMAINS.map((d) => internals(d, `src/ui reaches the ${d} domain only through @/${d}/public or @/${d}/public.server.`)),
      noApp,
      noTables,
    ],
  ),
  ...DOMAINS.flatMap((domain) => withTables(domain, domainPatterns(domain))),
  layer(
    [`src/app/**/*.${CODE}`, `src/*.${CODE}`],
    [
      siteOnlyPublic,
      { regex: '^@/[^/]+/(repositories/|builtin/repository$)', message: 'Pages and routes call domain functions, not repositories.' },
      { regex: '^@/db/schema', message: 'Pages and routes never touch tables: call a domain function.' },
    ],
  ),
];

export default tseslint.config(
  { ignores: ['.next/**', 'bench/minimal-app/.next/**', 'node_modules/**', 'data/**', 'test-data/**', 'next-env.d.ts', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@next/next': nextPlugin, 'react-hooks': reactHooks },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
  {
    files: ['**/*.mjs', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', Buffer: 'readonly' } },
  },
  {
    // CommonJS files (a module another program loads with require(), e.g. the peer's font stand-in in bench/peer).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
