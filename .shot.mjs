import { chromium } from 'playwright-core';
const [,, url, out, device='desktop'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const ctx = await b.newContext(device === 'phone' ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport: { width: 1440, height: 900 } });
const p = await ctx.newPage();

p.on('console', m => { if (m.type() === 'error') console.log('console error:', m.text()); });
await p.goto(url, { waitUntil: 'load' });
await p.waitForTimeout(1500); await p.screenshot({ path: out, fullPage: process.argv[5] === 'full' });
console.log(await p.title(), '|', (await p.locator('h1').first().textContent().catch(()=>null)), '| lang=', await p.getAttribute('html','lang'));
await b.close();
