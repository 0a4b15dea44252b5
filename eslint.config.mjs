import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';

/*
 * Import boundaries (docs/decisions/014-import-boundaries.md). Layers, from the bottom:
 *   src/db        the schema, migrations and connection — imports no domain, no ui, no app
 *   src/platform  infrastructure (env, log, mail, locks, jobs, start-up) — imports no domain, no ui, no app
 *   src/ui        shared presentation (form fields, layout, gallery) — reaches a domain only through its public module
 *   src/<domain>  every other folder (accounts, bookings, content, …) — reaches another domain only through that
 *                 domain's public module: `@/<domain>/public` (isomorphic) or `@/<domain>/public.server` (server only)
 *   src/app, src/*.ts  routes and wiring — may import any domain module, but no repository and no table schema
 * A new folder under src/ is a domain automatically.
 */
const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');
const LAYERS = ['db', 'platform', 'ui', 'app'];
export const DOMAINS = fs
  .readdirSync(srcDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !LAYERS.includes(d.name))
  .map((d) => d.name)
  .sort();

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `@/name…` or a relative path climbing into `name` (`../name/…`, `../../name/…`). */
const into = (name) => `^(@/|(\\.\\./)+)${escape(name)}(/|$)`;

const rule = (patterns) => ['error', { patterns }];
const whole = (name, why) => ({ regex: into(name), message: why });
const internals = (name, why) => ({ regex: `^(@/|(\\.\\./)+)${escape(name)}(/(?!public(\\.server)?$)|$)`, message: why });

const noApp = whole('app', 'Nothing imports from src/app: routes and wiring sit at the top.');

export const boundaries = [
  {
    files: ['src/db/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rule([
        ...DOMAINS.map((d) => whole(d, `src/db imports no domain (${d}): a domain owns its tables through src/db, not the other way round.`)),
        whole('ui', 'src/db imports no ui.'),
        noApp,
      ]),
    },
  },
  {
    files: ['src/platform/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rule([
        ...DOMAINS.map((d) => whole(d, `src/platform imports no domain (${d}): domains describe their start-up steps, checks and jobs; src/wiring.server.ts lists them.`)),
        whole('ui', 'src/platform imports no ui.'),
        noApp,
      ]),
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rule([
        ...DOMAINS.map((d) => internals(d, `src/ui reaches the ${d} domain only through @/${d}/public or @/${d}/public.server.`)),
        noApp,
      ]),
    },
  },
  ...DOMAINS.map((domain) => ({
    files: [`src/${domain}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': rule([
        ...DOMAINS.filter((d) => d !== domain).map((d) =>
          internals(d, `A domain reaches another only through its public module: import from @/${d}/public or @/${d}/public.server (add the export there).`),
        ),
        noApp,
      ]),
    },
  })),
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': rule([
        { regex: '^@/[^/]+/(repositories/|builtin/repository$)', message: 'Pages and routes call domain functions, not repositories.' },
        { regex: '^@/db/schema', message: 'Pages and routes never touch tables: call a domain function.' },
      ]),
    },
  },
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
);
