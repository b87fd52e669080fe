// The engine's benchmark compiled to wasm and run in headless Chromium: it reports the
// figures (they go in docs/benchmarks.md) rather than asserting on time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveDist, launchBrowser, openPage, writeReport, openTab, readBoard, silencePlayWorker, nativeBoard, DESKTOP, PHONE,
} from './harness.mjs';

test('a first visit downloads each file once: the search worker runs the page\'s own wasm, the play worker its own module, and the service worker takes them from the HTTP cache', async () => {
  // A host's caching (GitHub Pages: ten minutes), so the HTTP cache may serve what was fetched.
  const site = await serveDist({ gzip: true, headers: { 'cache-control': 'max-age=600' } });
  const browser = await launchBrowser();
  try {
    const { page, problems } = await openPage(browser, site.origin);
    await page.goto(site.url);
    await readBoard(page);
    // A search in the worker: Regenerate gives a new board.
    const before = await readBoard(page);
    await page.getByTestId('regenerate').click();
    await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed, before.seed);
    const after = await readBoard(page);
    assert.notEqual(after.seed, before.seed);
    assert.equal(await page.getByTestId('fallback').count(), 0, 'the worker answered');
    const worker = page.workers().find((w) => /hexfair-worker-[0-9a-f]{16}_loader\.js$/.test(w.url()));
    assert.ok(worker, 'a search worker is running');
    assert.equal(await page.evaluate(() => window.hexfairOffline), true, 'the service worker holds the release');

    // Three modules, once each: the page's (also the search worker's), the play worker's and
    // the linked board's (the service worker keeps it for a reload of a board's address).
    const wasm = site.sent.filter(({ path }) => path.endsWith('.wasm')).map(({ path }) => path);
    assert.deepEqual(wasm.map((path) => path.replace(/-[0-9a-f]+_bg\.wasm$/, '')).sort(), ['/hexfair/hexfair-link', '/hexfair/hexfair-play', '/hexfair/hexfair-web'],
      `wasm requests: ${wasm.join(', ')}`);
    const fetched = site.sent.map(({ path }) => path).filter((path) => /-[0-9a-f]{5,16}(?:_bg|_loader)?\.[a-z]+$/.test(path));
    assert.deepEqual(fetched, [...new Set(fetched)], 'no content-named file fetched twice');
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    site.server.close();
  }
});

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
    await writeReport('browser-bench', report);
    for (const key of ['search_candidates_per_second', 'random_candidates_per_second', 'balanced_board_ms']) {
      assert.ok(Number.isFinite(report[key]) && report[key] > 0, key);
    }
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    site.server.close();
  }
});

test('tap-to-board time for a balanced search of 10,000 candidates (reported)', async () => {
  const site = await serveDist();
  const browser = await launchBrowser();
  try {
    // The search worker's seat-fair search: the play worker is kept from listening, or it
    // would choose the balanced boards by play (timed by bench-download.mjs).
    const { context, page, problems } = await openPage(browser, site.origin, { ...PHONE, serviceWorkers: 'block' });
    await silencePlayWorker(context);
    await page.goto(site.url);
    await page.locator('svg.board g.hex').first().waitFor();
    const first = await readBoard(page);
    const taps = await page.evaluate(async () => {
      const seed = document.querySelector('[data-testid=seed]');
      const button = document.querySelector('[data-testid=regenerate]');
      const out = [];
      for (let i = 0; i < 20; i++) {
        const before = seed.textContent;
        const t0 = performance.now();
        button.click();
        // Wait for the new board to be painted: the seed changes, then one frame.
        await new Promise((done) => {
          const check = () => (seed.textContent !== before ? requestAnimationFrame(() => done()) : requestAnimationFrame(check));
          check();
        });
        out.push({ ms: performance.now() - t0, seed: seed.textContent.trim() });
      }
      return out;
    });
    const times = taps.map((tap) => tap.ms).sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`# tap-to-board (balanced, 10,000 candidates, phone viewport): median ${median.toFixed(1)} ms, worst ${times[times.length - 1].toFixed(1)} ms`);
    await writeReport('tap-to-board', { median_ms: median, times_ms: times });
    // What was timed: twenty taps, each answered by a board of its own, searched by the
    // worker (never the page's fall-back), the last the command line's for its seed.
    const seeds = taps.map((tap) => tap.seed);
    assert.equal(new Set([first.seed, ...seeds]).size, 21, `a new board a tap: ${seeds.join(' ')}`);
    assert.equal(await page.getByTestId('fallback').count(), 0, 'the worker answered every tap');
    const last = await readBoard(page);
    assert.equal(last.seed, seeds.at(-1));
    const native = await nativeBoard(page, last, '--mode', 'balanced');
    assert.deepEqual([last.terrain, last.numbers], [native.terrain, native.numbers]);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    site.server.close();
  }
});

test('a long search runs off the main thread: no long task while it runs (reported)', async () => {
  const site = await serveDist();
  const browser = await launchBrowser();
  try {
    const { page, problems } = await openPage(browser, site.origin);
    // max-corner-pips=9 needs the exact solver: hundreds of milliseconds of work.
    await page.goto(`${site.url}?v=1&layout=base&seed=4&rules=no-adjacent-red,max-corner-pips=10`);
    await page.locator('main[data-searching="false"]').waitFor();
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    });
    await openTab(page, 'Rules');
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Lower the corner limit to 9' }).tap();
    await page.locator('main[data-searching="true"]').waitFor().catch(() => {});
    await page.locator('main[data-searching="false"]').waitFor();
    const elapsed = Date.now() - t0;
    const tasks = await page.evaluate(() => window.longTasks);
    const longest = Math.max(0, ...tasks);
    console.log(`# search off the main thread: ${elapsed} ms from tap to board; longest main-thread task ${longest.toFixed(0)} ms`);
    await writeReport('long-search', { tap_to_board_ms: elapsed, long_tasks_ms: tasks });
    assert.equal(await page.locator('.stepper output').first().textContent(), '9');
    // Off the main thread by construction: the search worker answered, the page never fell
    // back to searching itself. How long the main thread's tasks were is reported above
    // (timing belongs in the benchmark, not in a test a loaded machine can fail).
    assert.equal(await page.getByTestId('fallback').count(), 0, 'no fall-back to the page');
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    site.server.close();
  }
});
