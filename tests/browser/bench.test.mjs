// The engine's benchmark compiled to wasm and run in headless Chromium: it reports the
// figures (they go in the README) rather than asserting on time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveDist, launchBrowser, openPage, SCREENSHOTS, DESKTOP } from './harness.mjs';

test('in-browser benchmark: candidates per second and a balanced board from 10,000', async () => {
  const site = await serveDist();
  const browser = await launchBrowser();
  try {
    const { page, problems } = await openPage(browser, site.origin, DESKTOP);
    await page.goto(site.url);
    await page.locator('svg.board g.hex').first().waitFor();
    const quick = process.env.HEXFAIR_BENCH_FULL ? false : true;
    const report = await page.evaluate((q) => window.wasmBindings.bench(q), quick);
    console.log(`# browser bench (${quick ? 'quick' : 'full'}): ${JSON.stringify(report)}`);
    await writeFile(join(SCREENSHOTS, 'browser-bench.json'), JSON.stringify(report, null, 2));
    for (const key of ['search_candidates_per_second', 'random_candidates_per_second', 'balanced_board_ms']) {
      assert.ok(Number.isFinite(report[key]) && report[key] > 0, key);
    }
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    site.server.close();
  }
});
