import { readFileSync } from 'node:fs';
import { serveDist, launchBrowser, DESKTOP, openTab } from './harness.mjs';
const site = await serveDist({ root: process.argv[2] ?? undefined });
const browser = await launchBrowser();
const context = await browser.newContext(DESKTOP);
const page = await context.newPage();
await page.goto(site.url);
await page.locator('svg.board g.hex').first().waitFor();
await openTab(page, 'seats');
await page.getByTestId('verdict').waitFor({ timeout: 120_000 });
await page.waitForTimeout(500);
await browser.startTracing(page, { path: '/tmp/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink'] });
const ms = await page.evaluate(() => new Promise((done) => {
  const main = document.querySelector('main');
  const seed = document.querySelector('[data-testid=seed]').textContent;
  const t0 = performance.now();
  new MutationObserver((_, observer) => {
    const now = document.querySelector('[data-testid=seed]').textContent;
    if (now !== seed && main.dataset.searching === 'false') { observer.disconnect(); done(performance.now() - t0); }
  }).observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
  document.querySelector('[data-testid=regenerate]').click();
}));
await browser.stopTracing();
console.log(`tap to board ${ms.toFixed(0)} ms`);
const trace = JSON.parse(readFileSync('/tmp/trace.json', 'utf8'));
const events = trace.traceEvents ?? trace;
const threads = {};
for (const e of events) if (e.name === 'thread_name') threads[`${e.pid}:${e.tid}`] = e.args.name;
const sums = {};
for (const e of events) {
  if (e.ph !== 'X' || !e.dur) continue;
  const t = threads[`${e.pid}:${e.tid}`] ?? '?';
  const key = `${t} | ${e.name}`;
  sums[key] = (sums[key] ?? 0) + e.dur / 1000;
}
for (const [k, v] of Object.entries(sums).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
await browser.close();
site.server.close();
