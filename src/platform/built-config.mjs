// @ts-check
/**
 * `npm start` (server.mjs) runs Next with the configuration resolved at build time instead of evaluating
 * next.config.ts again (docs/decisions/051-server-memory.md). Evaluating a TypeScript config makes Next load its
 * SWC compiler (a ~100 MB native module, ~26 MB of it resident) plus a require hook, only to transpile one file,
 * and the module stays mapped for the life of the process: ~30–40 MB of the server's RSS for nothing a running
 * server uses. `next build` writes the resolved config to `.next/required-server-files.json`, and Next's own
 * standalone server hands exactly that object to Next in `__NEXT_PRIVATE_STANDALONE_CONFIG`; we do the same.
 *
 * The one part of next.config.ts that depends on the run-time environment — the Contentful space whose images the
 * optimiser may fetch — is recomputed here from the environment the server starts with, by the same function
 * next.config.ts uses, so it behaves as before. Anything else next.config.ts reads from the environment at run time
 * must be applied here too.
 *
 * Plain JavaScript (types in built-config.d.mts) because server.mjs runs it with Node's own loader, before Next.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The variable Next's production server reads its resolved configuration from (Next's standalone output). */
export const BUILT_CONFIG_ENV = '__NEXT_PRIVATE_STANDALONE_CONFIG';

/**
 * `images.remotePatterns`: only images of the configured Contentful space (CONTENTFUL_SPACE_ID), nothing else — no
 * loopback or other hosts, /_next/image must not become a proxy to anything the server can reach.
 * @param {string | undefined} spaceId
 * @returns {{ protocol: 'https', hostname: string, pathname: string }[]}
 */
export function contentfulImagePatterns(spaceId) {
  const space = spaceId?.trim();
  if (!space || !/^[A-Za-z0-9_-]{1,64}$/.test(space)) return [];
  return [{ protocol: 'https', hostname: 'images.ctfassets.net', pathname: `/${space}/**` }];
}

/**
 * Puts the build's resolved Next configuration, with the run-time parts applied, into `env` for Next to use.
 * Returns false, changing nothing, when there is no readable build config (Next then evaluates next.config.ts as
 * usual) or when one is already given.
 * @param {string} dir the app's directory (where `.next` is)
 * @param {Record<string, string | undefined>} [env]
 * @returns {boolean}
 */
export function applyBuiltConfig(dir, env = process.env) {
  if (env[BUILT_CONFIG_ENV]) return false;
  /** @type {unknown} */
  let config;
  try {
    config = JSON.parse(fs.readFileSync(path.join(dir, '.next', 'required-server-files.json'), 'utf8')).config;
  } catch {
    return false;
  }
  if (typeof config !== 'object' || config === null) return false;
  const resolved = /** @type {{ images?: Record<string, unknown> }} */ (config);
  if (typeof resolved.images !== 'object' || resolved.images === null) return false;
  resolved.images = { ...resolved.images, remotePatterns: contentfulImagePatterns(env.CONTENTFUL_SPACE_ID) };
  env[BUILT_CONFIG_ENV] = JSON.stringify(resolved);
  return true;
}
