// Builds the production bundle when it is missing or older than the sources (hash of every input file).
// `--force` is kept for CI semantics but still skips an up-to-date build of the same sources.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { acquireBuildLock } from './build-lock.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const inputs = ['src', 'content', 'public', 'next.config.ts', 'package.json', 'tsconfig.json', 'scripts/subset-fonts.mjs', 'scripts/precompress-static.mjs'];

function walk(p, acc) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return;
  const st = fs.statSync(full);
  if (st.isDirectory()) {
    for (const f of fs.readdirSync(full).sort()) {
      if (f.endsWith('.test.ts') || f.endsWith('.test.tsx')) continue;
      walk(path.join(p, f), acc);
    }
  } else acc.push(p);
}

// One build at a time in this folder (scripts/build-lock.mjs); whoever waited checks again afterwards, and
// usually finds the build the other start just made.
const release = await acquireBuildLock(path.join(root, '.next-build.lock'), {
  onWait: (holder) => console.log(`Čekám, až doběhne jiné sestavování v této složce${holder ? ` (proces ${holder.pid})` : ''}…`),
});
try {
  const files = [];
  for (const i of inputs) walk(i, files);
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f);
    hash.update(fs.readFileSync(path.join(root, f)));
  }
  const digest = hash.digest('hex');
  const stamp = path.join(root, '.next', 'source-hash');
  const current = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : '';
  if (current === digest && fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    console.log('Produkční build je aktuální.');
  } else {
    console.log('Sestavuji produkční build (next build)…');
    // Canary values for server-only secrets: the platform e2e test greps .next/static for them, proving no
    // server env value leaks into client bundles. They configure nothing (everything reads env at run time).
    const canaries = {
      JWT_SECRET: `canary-jwt-${digest.slice(0, 32)}`,
      SMTP_URL: `smtp://canary-user:canary-pass-${digest.slice(16, 28)}@127.0.0.1:1`,
      S3_SECRET_ACCESS_KEY: `canary-s3-${digest.slice(28, 44)}`,
      STRAPI_TOKEN: `canary-strapi-${digest.slice(44, 60)}`,
      OIDC_CLIENT_SECRET: `canary-oidc-${digest.slice(0, 12)}`,
      REVALIDATE_SECRET: `canary-revalidate-${digest.slice(12, 24)}`,
    };
    execFileSync(process.execPath, [path.join(root, 'scripts/subset-fonts.mjs')], { cwd: root, stdio: 'inherit' });
    execFileSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...canaries, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    });
    execFileSync(process.execPath, [path.join(root, 'scripts/precompress-static.mjs')], { cwd: root, stdio: 'inherit' });
    fs.writeFileSync(path.join(root, '.next', 'build-canaries.json'), JSON.stringify(canaries));
    fs.writeFileSync(stamp, digest);
  }
} finally {
  release();
}
