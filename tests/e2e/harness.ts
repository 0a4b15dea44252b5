/**
 * E2E harness: starts the production build through the real entry point (`node server.mjs`, what `npm start` runs) with its own DATA_DIR and env on a free port,
 * drives Debian's Chromium through playwright-core, checks pages with axe-core, and runs a real SMTP server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { copyPgliteTemplate } from '../support/pglite-template';

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * A new data folder (under `parent`, or the system's temporary folder) that already holds the migrated, empty
 * database the e2e global setup made (tests/e2e/global-setup.ts, tests/support/pglite-template.ts): what a first
 * start would create, without each server and each test spending seconds on initdb and the migrations. Outside
 * the e2e suite (no template) the folder is empty and the server creates its database itself.
 */
export function newDataDir(parent: string = os.tmpdir()): string {
  const dataDir = fs.mkdtempSync(path.join(parent, 'e2e-data-'));
  copyPgliteTemplate(path.join(dataDir, 'pglite'));
  return dataDir;
}

/**
 * Starts the production server. Without `opts.dataDir` it gets a new data folder with the migrated database
 * (newDataDir); a folder passed in is used as it is, so an empty one makes a first start (initdb and migrations).
 */
export async function startServer(env: Record<string, string> = {}, opts: { dataDir?: string; port?: number } = {}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? newDataDir();
  let out = '';
  const proc = spawn(process.execPath, [path.join(root, 'server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      // What `npm start` puts before `node server.mjs` (package.json): glibc's malloc arenas, which only the
      // environment a process starts with can set (docs/decisions/051-server-memory.md).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      INQUIRY_MIN_FILL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`Server exited (${proc.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not yet listening */
    }
    if (Date.now() > deadline) throw new Error(`Server did not start in time:\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // Warm up: the first request opens the database.
  await fetch(url).catch(() => undefined);
  return {
    url,
    port,
    dataDir,
    proc,
    output: () => out,
    stop: (signal: NodeJS.Signals = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const t = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        proc.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        proc.kill(signal);
      }),
  };
}

export { CHROMIUM_ARGS } from './chromium-args';
import { CHROMIUM_ARGS } from './chromium-args';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1440, height: 900 } };

export async function newContext(browser: Browser, device: 'phone' | 'desktop' = 'desktop'): Promise<BrowserContext> {
  return browser.newContext({ ...(device === 'phone' ? PHONE : DESKTOP), locale: 'cs-CZ' });
}

/**
 * Waits until React has hydrated the element (it carries React's fiber key): a click before that would be a native
 * form submission racing the hydrating page.
 */
export async function hydrated(page: Page, selector = 'form'): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    },
    selector,
    { timeout: 20_000 },
  );
}

/** Fails with a readable list when axe-core finds any violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Next streams metadata: after a client-side navigation the <title> arrives a moment after the content. Give it
  // that moment; a page that never gets a title still fails below (axe's document-title rule).
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 }).catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  if (results.violations.length) {
    const lines = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`,
    );
    throw new Error(`axe-core violations on ${page.url()}:\n  ${lines.join('\n  ')}`);
  }
}

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The sender's display name (`"Eliška Fotí" <…>` → `Eliška Fotí`). */
  fromName: string;
  subject: string;
  text: string;
  html: string;
  /** `content` as UTF-8 text (calendar invites), `bytes` as received (PDFs). */
  attachments: { filename: string | null; mimeType: string; content: string; bytes: Buffer }[];
}

/** A real SMTP server on loopback; messages are parsed with postal-mime. */
export async function startSmtp(): Promise<{ url: string; messages: ReceivedMail[]; waitFor: (pred: (m: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>; stop: () => Promise<void> }> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        messages.push({
          from: parsed.from?.address ?? '',
          fromName: parsed.from?.name ?? '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename,
            mimeType: a.mimeType,
            content: typeof a.content === 'string' ? a.content : Buffer.from(a.content as ArrayBuffer).toString('utf8'),
            bytes: typeof a.content === 'string' ? Buffer.from(a.content, 'utf8') : Buffer.from(a.content as ArrayBuffer),
          })),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: async (pred, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = messages.find(pred);
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`No matching e-mail within ${timeoutMs} ms; got: ${messages.map((x) => x.subject).join(' | ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Pre-answers the cookie banner ("Odmítnout vše", i.e. only necessary cookies) for a context, for tests that are
 * not about consent and must not have the banner over the page. The value is what vanilla-cookieconsent stores.
 */
export async function skipConsentBanner(context: BrowserContext, url: string, categories: string[] = ['necessary']): Promise<void> {
  const now = new Date().toISOString();
  const value = {
    categories,
    revision: 0,
    data: null,
    consentTimestamp: now,
    consentId: '00000000-0000-4000-8000-000000000000',
    services: Object.fromEntries(categories.map((c) => [c, []])),
    languageCode: 'cs',
    lastConsentTimestamp: now,
    expirationTime: Date.now() + 182 * 86_400_000,
  };
  await context.addCookies([{ name: 'cc_cookie', value: encodeURIComponent(JSON.stringify(value)), url }]);
}

/** A context whose cookie banner is answered in advance ("necessary only"), for tests that are not about consent. */
export async function newQuietContext(browser: Browser, url: string, device: 'phone' | 'desktop' = 'desktop'): Promise<BrowserContext> {
  const ctx = await newContext(browser, device);
  await skipConsentBanner(ctx, url);
  return ctx;
}
