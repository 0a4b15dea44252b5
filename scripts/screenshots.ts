/**
 * Full-page screenshots of the key pages on a phone (390×844) and a desktop (1440×900), taken from the
 * production build with the e2e harness. Usage: `npm run screenshots -- [outDir] [/path ...]`
 * (defaults: docs/screenshots, the home page, /cenik and /faq); the npm script builds first when sources changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP, PHONE, launchBrowser, startServer } from '../tests/e2e/harness';

const outDir = path.resolve(process.argv[2] ?? 'docs/screenshots');
const routes = process.argv.slice(3).length ? process.argv.slice(3) : ['/', '/cenik', '/faq'];

function fileName(route: string, device: string): string {
  const name = route === '/' ? 'home' : route.replace(/^\/+/, '').replace(/[^a-z0-9]+/gi, '-');
  return `${name}-${device === 'phone' ? '390x844' : '1440x900'}.png`;
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    for (const device of ['phone', 'desktop'] as const) {
      // Device pixel ratio 1 keeps the committed PNGs small; layout is the same as in the e2e phone context.
      const ctx = await browser.newContext({ ...(device === 'phone' ? PHONE : DESKTOP), deviceScaleFactor: 1, locale: 'cs-CZ' });
      const page = await ctx.newPage();
      for (const route of routes) {
        await page.goto(server.url + route, { waitUntil: 'networkidle' });
        // Lazy images below the fold load only when scrolled into view: scroll through the page once.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 120));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        const file = path.join(outDir, fileName(route, device));
        await page.screenshot({ path: file, fullPage: true });
        console.log(`Uloženo: ${path.relative(process.cwd(), file)}`);
      }
      await ctx.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
