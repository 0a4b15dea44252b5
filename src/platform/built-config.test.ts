import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILT_CONFIG_ENV, applyBuiltConfig, contentfulImagePatterns } from './built-config.mjs';

const dirs: string[] = [];
function appDir(serverFiles?: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-config-'));
  dirs.push(dir);
  if (serverFiles !== undefined) {
    fs.mkdirSync(path.join(dir, '.next'));
    fs.writeFileSync(path.join(dir, '.next', 'required-server-files.json'), typeof serverFiles === 'string' ? serverFiles : JSON.stringify(serverFiles));
  }
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const built = {
  version: 1,
  config: {
    distDir: '.next',
    cacheHandler: '../src/platform/render-cache/handler.mjs',
    images: { formats: ['image/avif', 'image/webp'], remotePatterns: [{ protocol: 'https', hostname: 'images.ctfassets.net', pathname: '/buildspace/**' }] },
  },
};

describe('the build-time Next configuration for npm start (server.mjs)', () => {
  it('hands the build config to Next with the Contentful space of the run-time environment', () => {
    const env: Record<string, string | undefined> = { CONTENTFUL_SPACE_ID: 'runspace' };
    expect(applyBuiltConfig(appDir(built), env)).toBe(true);
    const config = JSON.parse(env[BUILT_CONFIG_ENV]!);
    expect(config.cacheHandler).toBe('../src/platform/render-cache/handler.mjs');
    expect(config.images.formats).toEqual(['image/avif', 'image/webp']);
    // The build's space is not kept: the optimiser follows the environment the server starts with.
    expect(config.images.remotePatterns).toEqual([{ protocol: 'https', hostname: 'images.ctfassets.net', pathname: '/runspace/**' }]);
  });

  it('allows no remote images without a (valid) space', () => {
    for (const space of [undefined, '', '  ', 'a/b', '../x', 'x'.repeat(65)]) {
      const env: Record<string, string | undefined> = { CONTENTFUL_SPACE_ID: space };
      expect(applyBuiltConfig(appDir(built), env)).toBe(true);
      expect(JSON.parse(env[BUILT_CONFIG_ENV]!).images.remotePatterns).toEqual([]);
      expect(contentfulImagePatterns(space)).toEqual([]);
    }
  });

  it('changes nothing without a readable build config (Next then reads next.config.ts itself)', () => {
    for (const dir of [appDir(), appDir('{not json'), appDir({ config: null }), appDir({ config: { distDir: '.next' } })]) {
      const env: Record<string, string | undefined> = {};
      expect(applyBuiltConfig(dir, env)).toBe(false);
      expect(env).toEqual({});
    }
  });

  it('leaves a configuration that is already given alone', () => {
    const env: Record<string, string | undefined> = { [BUILT_CONFIG_ENV]: '{"distDir":".next"}' };
    expect(applyBuiltConfig(appDir(built), env)).toBe(false);
    expect(env[BUILT_CONFIG_ENV]).toBe('{"distDir":".next"}');
  });
});
