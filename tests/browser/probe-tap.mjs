import { serveDist, launchBrowser, DESKTOP, openTab } from './harness.mjs';
const site = await serveDist({ root: process.argv[2] ?? undefined });
const browser = await launchBrowser();
const context = await browser.newContext(DESKTOP);
const page = await context.newPage();
await page.goto(site.url);
await page.locator('svg.board g.hex').first().waitFor();
await openTab(page, 'seats');
const cdp = await context.newCDPSession(page);
await cdp.send('Performance.enable');
const metric = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
for (let i = 0; i < 6; i++) {
  await page.getByTestId('verdict').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(300);
  const a = await metric();
  const ms = await page.evaluate(() => new Promise((done) => {
    const main = document.querySelector('main');
    const seed = document.querySelector('[data-testid=seed]').textContent;
    const t0 = performance.now();
    let muts = 0;
    new MutationObserver((_, observer) => {
      muts++;
      const now = document.querySelector('[data-testid=seed]').textContent;
      if (now !== seed && main.dataset.searching === 'false') {
        observer.disconnect();
        done([performance.now() - t0, muts, main.dataset.chosen]);
      }
    }).observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
    document.querySelector('[data-testid=regenerate]').click();
  }));
  const b = await metric();
  console.log(`tap ${i}: ${ms[0].toFixed(0)} ms (${ms[2]}), mutation batches ${ms[1]}, main script ${((b.ScriptDuration - a.ScriptDuration) * 1000).toFixed(0)} ms, tasks ${((b.TaskDuration - a.TaskDuration) * 1000).toFixed(0)} ms, layout ${((b.LayoutDuration - a.LayoutDuration) * 1000).toFixed(0)} ms, style ${((b.RecalcStyleDuration - a.RecalcStyleDuration) * 1000).toFixed(0)} ms`);
}
await browser.close();
site.server.close();
