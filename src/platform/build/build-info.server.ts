import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { getEnv } from '../env';

/**
 * New-build detection (docs/spec.md §2 "Build updates").
 * - Every build gets an id from next.config `generateBuildId` (git commit + time); Next writes it to
 *   `.next/BUILD_ID`, which is where the running server learns its own id.
 * - `/builds/latest.json` answers with the newest deployed build. A deployment that rolls out a new build can
 *   announce it before this instance is replaced by writing `DATA_DIR/latest-build.json` (`{"id": "...",
 *   "timestamp": 1700000000000}`); without that file the latest build is this server's own.
 */
export interface BuildRef {
  id: string;
  timestamp: number;
}

const g = globalThis as unknown as { __ownBuild?: BuildRef };

function distDir(): string {
  return path.join(process.cwd(), '.next');
}

export function ownBuild(): BuildRef {
  if (!g.__ownBuild) {
    const file = path.join(distDir(), 'BUILD_ID');
    try {
      const id = fs.readFileSync(file, 'utf8').trim();
      g.__ownBuild = { id, timestamp: Math.round(fs.statSync(file).mtimeMs) };
    } catch {
      g.__ownBuild = { id: 'development', timestamp: 0 };
    }
  }
  return g.__ownBuild;
}

const latestSchema = z.object({ id: z.string().min(1).max(100), timestamp: z.number().int().nonnegative().optional() });

export function latestBuildFile(): string {
  return path.resolve(getEnv().DATA_DIR, 'latest-build.json');
}

/** The newest build a deployment announced, else this server's own. A broken announcement file is ignored. */
export function latestBuild(): BuildRef {
  try {
    const parsed = latestSchema.safeParse(JSON.parse(fs.readFileSync(latestBuildFile(), 'utf8')));
    if (parsed.success) return { id: parsed.data.id, timestamp: parsed.data.timestamp ?? Date.now() };
  } catch {
    /* no announcement */
  }
  return ownBuild();
}

export interface RouteRulesManifest extends BuildRef {
  /** Paths that redirect (next.config `redirects()` and the legacy wedding URLs in the proxy). */
  redirects: { source: string; destination: string; statusCode: number }[];
  /** Every app route and how it renders. With the nonce CSP every page is dynamic (docs/decisions/005). */
  routes: { path: string; type: 'static' | 'dynamic' | 'api' }[];
  /** Routes prerendered at build time. */
  prerendered: string[];
}

const routesManifestSchema = z.object({
  redirects: z.array(z.object({ source: z.string(), destination: z.string(), statusCode: z.number().optional(), internal: z.boolean().optional() })),
});
const prerenderSchema = z.object({ routes: z.record(z.string(), z.unknown()) });
const appPathsSchema = z.record(z.string(), z.string());

function readJson<T>(file: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(fs.readFileSync(path.join(distDir(), file), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const gm = globalThis as unknown as { __routeRules?: RouteRulesManifest };

/** The route-rules manifest of this server's build, read once from Next's own build manifests. */
export function routeRulesManifest(): RouteRulesManifest {
  if (gm.__routeRules) return gm.__routeRules;
  const routes = readJson('routes-manifest.json', routesManifestSchema);
  const prerender = readJson('prerender-manifest.json', prerenderSchema);
  const appPaths = readJson('app-path-routes-manifest.json', appPathsSchema) ?? {};
  const prerendered = Object.keys(prerender?.routes ?? {})
    .filter((p) => !p.startsWith('/_'))
    .sort();
  const redirects = (routes?.redirects ?? [])
    .filter((r) => !r.internal)
    .map((r) => ({ source: r.source, destination: r.destination, statusCode: r.statusCode ?? 308 }));
  redirects.push({ source: '/wedding-detail-:slug', destination: '/weddings/:slug', statusCode: 308 });
  const seen = new Set<string>();
  const list: RouteRulesManifest['routes'] = [];
  for (const [entry, routePath] of Object.entries(appPaths)) {
    if (routePath.startsWith('/_') || seen.has(routePath)) continue;
    seen.add(routePath);
    const type = entry.endsWith('/route') ? 'api' : prerendered.includes(routePath) ? 'static' : 'dynamic';
    list.push({ path: routePath, type });
  }
  list.sort((a, b) => a.path.localeCompare(b.path));
  gm.__routeRules = { ...ownBuild(), redirects, routes: list, prerendered };
  return gm.__routeRules;
}
