import { serveDist, launchBrowser, DESKTOP } from './harness.mjs';
const browser = await launchBrowser();
for (const root of process.argv.slice(2)) {
  const site = await serveDist({ root });
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(site.url);
  await page.locator('svg.board g.hex').first().waitFor();
  const out = [];
  for (let i = 0; i < 3; i++) { const r = await page.evaluate(() => window.wasmBindings.bench(false)); out.push(Math.round(r.search_candidates_per_second / 1000) + 'k/' + Math.round(r.random_candidates_per_second / 1000) + 'k/' + r.balanced_board_ms.toFixed(1)); }
  console.log(root, out.join('  '));
  await context.close(); site.server.close();
}
await browser.close();
