#!/usr/bin/env node
// The download benchmark: what a first visit costs a phone on a slow connection, and how
// fast this browser searches. It prints figures (and writes them to
// tests/browser/screenshots/download-bench.json); it asserts nothing about time.
//
//   node tests/browser/bench-download.mjs [--quick] [--dist DIR] [--speed-only]
//
// DIR (default dist/) lets two builds be compared; --speed-only skips the visits.
// dist/ (trunk build --release) is served gzip-compressed, with GitHub Pages' ten minutes of
// HTTP caching, and the server counts the compressed bytes it sends. For each first visit
// (a fresh browser context, so empty caches and no service worker yet), under Chrome DevTools
// Protocol throttling (1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU slowed 4x:
// Lighthouse's slow-4G phone), and once without throttling, in ms from navigation:
//   - the first frame with a board in it (the board drawn ahead, or the app's), and the app's;
//   - Regenerate answered: a tap made as soon as a Regenerate button shows (the loading
//     view's, which shows the next board drawn ahead, or the app's), to another board;
//   - the layout shift (the Layout Instability API's sum) and how far the board moved or
//     changed size as the app took over from the board drawn ahead (px);
//   - the bytes the page had received (compressed, as the browser counts them) before the
//     board and before the tap, and those the server sent until offline-ready;
//   - then a return to the site in the same context (the service worker's copy), and a
//     first visit to the board's own link (?b=) in a fresh one, timed alike (its board drawn
//     by the linked board's module, then the app's).
// Then the browser's search speed: the engine's benchmark run by the page's bench hook
// (window.wasmBindings.bench, src/main.rs) on an unthrottled page, after a quick run to
// warm up (the browser compiles hot wasm code again, optimised, after a few milliseconds);
// and the exact solver, timed in a search worker of the page's own: a base board with at
// most 9 pips a corner, and (full run only) McGuire's refusal of every rule at once, which
// proves there is no board and then narrows the conflict.
// The play worker (seat chances) is a module of its own that the page starts once the first
// board is on screen: each visit reports what of it was sent before the first board (nothing,
// by design) and when it was fetched after. Its speed: games a second of a 2,000-game
// play-test of the first board at 4 seats, varied players, timed in a play worker of the
// page's own after a 200-game warm-up (once the page's own play-test of that board is over).
// Then taps on Regenerate in a page as a player gets it (Seats tab open): tap to the balanced
// board, and tap to its chances on screen, at once after the last board's chances and after
// a look of 5 s; and quick taps, each 0.3 s after the board before appeared (its chances
// not waited for), on base and five-six boards.
// Each first visit is made on a phone set to English and on one set to German (the page then
// fetches its German words beside the wasm: lang/de.json, and nothing else more).
// Quick mode (CI) makes one throttled visit of each and the benchmark's quick run; the full
// run takes the median of five throttled visits of each.
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, serveDist, launchBrowser, writeReport, silencePlayWorker, PHONE, DESKTOP } from './harness.mjs';

const quick = process.argv.includes('--quick');
const speedOnly = process.argv.includes('--speed-only');
const distAt = process.argv.indexOf('--dist');
const DIST = distAt >= 0 ? resolve(process.argv[distAt + 1]) : join(ROOT, 'dist');
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 };
const CPU_SLOWDOWN = 4;
const VISITS = quick ? 1 : 5;

// Every rule on McGuire: no board keeps them all (tests/browser/search.test.mjs).
const EVERY_RULE = [
  'no-adjacent-red', 'no-adjacent-extreme', 'no-adjacent-same-number', 'no-adjacent-same-terrain',
  'no-adjacent-lumber-brick', 'red-on-distinct-resources', 'distinct-numbers-per-resource',
  'max-corner-pips=12', 'min-resource-pips=8', 'desert-center', 'max-terrain-cluster=2',
];

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each file of dist/ with its size as built and gzip-compressed at level 9. */
async function distSizes() {
  const dist = DIST;
  const names = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dist.length + 1))
    .sort();
  return Promise.all(names.map(async (name) => {
    const bytes = await readFile(join(dist, name));
    return { name, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  }));
}

/**
 * What one navigation of `page` shows and when, in ms from its start: the first frame with a
 * board in it (the board drawn ahead, or the app's), the app's board, a tap on Regenerate made
 * as soon as the button shows and the new board it brings, the layout shift (the sum of the
 * Layout Instability API's entries without input) and how far the board moved or changed size
 * when the app took over from the board drawn ahead (px).
 */
async function watchVisit(page) {
  await page.addInitScript(() => {
    const visit = window.hexfairVisit = { shift: 0 };
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) if (!entry.hadRecentInput) visit.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    const rect = (element) => { const r = element.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
    let seen = null;
    let lastFirst = null;
    new MutationObserver(() => {
      const first = document.querySelector('svg.first-board g.hex')?.closest('svg');
      const board = document.querySelector('svg.board g.hex')?.closest('svg');
      if ((first || board) && visit.boardInPage === undefined) {
        // What was sent by now is what the board waited for.
        visit.boardInPage = performance.now();
        requestAnimationFrame(() => { visit.board = performance.now(); });
      }
      // Measured in the frame that paints it (before the stylesheet is in, a box is not yet
      // where it will be seen), the last board drawn ahead before the app's.
      if (first && !board && first !== lastFirst) {
        lastFirst = first;
        requestAnimationFrame(() => { if (first.isConnected) visit.firstRect = rect(first); });
      }
      if (board && visit.app === undefined) {
        visit.app = performance.now();
        // Measured once laid out, in the frame that paints it.
        requestAnimationFrame(() => { visit.appRect = rect(board); });
      }
      // Regenerate, the loading view's (the next board drawn ahead) or the app's, whichever
      // shows first; answered by another board on screen.
      const button = document.querySelector('[data-testid=first-regenerate]:not([hidden]), [data-testid=regenerate]');
      const svg = document.querySelector('svg.board, svg.first-board');
      const shown = svg && [...svg.querySelectorAll('g.hex')].map((h) => `${h.dataset.letter}${h.dataset.number ?? ''}`).join();
      if (button && shown && visit.tapped === undefined) {
        seen = shown;
        visit.tapped = performance.now();
        visit.tappedBeforeApp = button.dataset.testid === 'first-regenerate';
        button.click();
      } else if (visit.tapped !== undefined && visit.answered === undefined && shown && shown !== seen
        && document.querySelector('main')?.dataset.searching !== 'true') {
        visit.answered = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    // The wasm started (Trunk's loader says so once the app's start function has run).
    addEventListener('TrunkApplicationStarted', () => { visit.started = performance.now(); });
  });
}

/** The figures of a navigation watched by `watchVisit`, once its tap is answered. */
async function visitFigures(page) {
  await page.waitForFunction(() => window.hexfairVisit?.answered !== undefined && window.hexfairVisit.appRect, null, { timeout: 120_000, polling: 50 });
  // A shift of the new board settles in a frame or two.
  await page.waitForTimeout(300);
  const visit = await page.evaluate(() => {
    // Bytes the page had received by then (compressed, headers too), as the browser counts
    // them: the server's count says when a byte left, not when the throttled line delivered it.
    const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    const received = (at) => entries.filter((e) => e.responseEnd <= at).reduce((sum, e) => sum + e.transferSize, 0);
    const { boardInPage, tapped } = window.hexfairVisit;
    return {
    ...window.hexfairVisit,
    bytesBeforeBoard: received(boardInPage),
    bytesBeforeTap: received(tapped),
    origin: performance.timeOrigin,
    wasm: performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm') && e.name.includes('hexfair-web'))?.responseEnd,
    html: performance.getEntriesByType('navigation')[0]?.responseEnd,
    };
  });
  const moved = visit.firstRect ? Math.max(...visit.firstRect.map((v, i) => Math.abs(v - visit.appRect[i]))) : null;
  return {
    board_ms: Math.round(visit.board),
    app_board_ms: Math.round(visit.app),
    regenerate_answered_ms: Math.round(visit.answered),
    regenerate_before_app: visit.tappedBeforeApp,
    tapped_ms: Math.round(visit.tapped),
    layout_shift: Number(visit.shift.toFixed(4)),
    drawn_ahead: Boolean(visit.firstRect),
    board_moved_px: moved === null ? null : Number(moved.toFixed(1)),
    html_in_ms: Math.round(visit.html),
    wasm_in_ms: visit.wasm === undefined ? null : Math.round(visit.wasm),
    app_started_ms: Math.round(visit.started),
    board_in_page_at: visit.origin + visit.boardInPage,
    bytes_before_first_board: visit.bytesBeforeBoard,
    bytes_before_regenerate: visit.bytesBeforeTap,
  };
}

async function throttle(context, page, throttled) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
}

/**
 * One first visit (a fresh browser context: empty caches, no service worker yet): its
 * figures and the bytes it took; then, once the service worker has the release, a return
 * to the site's address in the same context (a second page, throttled alike), and a visit
 * in a fresh context to the link of the board the first visit showed.
 */
async function firstVisit(browser, site, throttled, locale = 'en-US') {
  site.sent.length = 0;
  const context = await browser.newContext({ ...PHONE, locale });
  try {
    const page = await context.newPage();
    await watchVisit(page);
    await throttle(context, page, throttled);
    await page.goto(site.url, { waitUntil: 'commit' });
    const figures = await visitFigures(page);
    const link = new URL(page.url()).search;
    const boardAt = figures.board_in_page_at;
    const offline = await page.evaluate(() => window.hexfairOffline);
    const sent = [...site.sent];
    const play = sent.filter(({ path }) => path.includes('/hexfair-play-'));
    const words = sent.filter(({ path }) => path.includes('/lang/'));
    const returning = await context.newPage();
    await watchVisit(returning);
    await throttle(context, returning, throttled);
    await returning.goto(site.url, { waitUntil: 'commit' });
    const back = await visitFigures(returning);
    const linked = await linkedVisit(browser, site, throttled, locale, link);
    return {
      ...figures,
      first_board_ms: figures.board_ms,
      bytes_until_offline_ready: sent.reduce((sum, { bytes }) => sum + bytes, 0),
      play_worker_bytes_before_first_board: play.filter(({ at }) => at <= boardAt).reduce((sum, { bytes }) => sum + bytes, 0),
      play_worker_bytes: play.reduce((sum, { bytes }) => sum + bytes, 0),
      // ms after the first board at which the server sent the play worker's first file.
      play_worker_first_sent_after_board_ms: play.length ? Math.round(Math.min(...play.map(({ at }) => at)) - boardAt) : null,
      // The language tables (lang/*.json): the device's own before the first board, if it
      // is not English; the others only after it (the service worker's copies).
      words_bytes_before_first_board: words.filter(({ at }) => at <= boardAt).reduce((sum, { bytes }) => sum + bytes, 0),
      words_files_before_first_board: words.filter(({ at }) => at <= boardAt).map(({ path }) => path.replace(/^.*\/lang\//, '')),
      offline_ready: offline,
      returning_board_ms: back.board_ms,
      returning_regenerate_answered_ms: back.regenerate_answered_ms,
      // The linked board on screen: drawn by the linked board's module, or the app's.
      linked_board_ms: linked.board_ms,
      linked_drawn_ahead: linked.drawn_ahead,
      linked_app_board_ms: linked.app_board_ms,
      linked_regenerate_answered_ms: linked.regenerate_answered_ms,
      linked_layout_shift: linked.layout_shift,
      linked_board_moved_px: linked.board_moved_px,
      linked_bytes_before_board: linked.bytes_before_first_board,
      requests: sent.map(({ path, bytes }) => `${path.replace(/^\/hexfair\//, '') || 'index.html'} ${bytes}`),
    };
  } finally {
    await context.close();
  }
}

/** A first visit (a fresh context) to the site with `query`, a board's link. */
async function linkedVisit(browser, site, throttled, locale, query) {
  const context = await browser.newContext({ ...PHONE, locale });
  try {
    const page = await context.newPage();
    await watchVisit(page);
    await throttle(context, page, throttled);
    await page.goto(`${site.url}${query}`, { waitUntil: 'commit' });
    return await visitFigures(page);
  } finally {
    await context.close();
  }
}

/**
 * The engine's benchmark in an unthrottled page, through the page's bench hook, then the
 * play worker's and the solver's in workers of the benchmark's own. The page's own play
 * workers are kept silent (they would play the board's chances and choose the next board
 * meanwhile, sharing the machine with what is timed); the benchmark's workers load with a
 * query the silencing route does not match. Then the taps, in a page of their own with its
 * play worker at work.
 */
async function searchSpeed(browser) {
  const site = await serveDist({ root: DIST });
  const context = await browser.newContext({ ...DESKTOP, serviceWorkers: 'block' });
  await silencePlayWorker(context);
  try {
    const page = await context.newPage();
    await page.goto(site.url);
    await page.locator('svg.board g.hex').first().waitFor();
    await page.evaluate(() => window.wasmBindings.bench(true));
    const bench = await page.evaluate((q) => window.wasmBindings.bench(q), quick);
    const play = await playSpeed(page);
    const hard = [{ layout: 'base', rules: ['max-corner-pips=9'] }];
    if (!quick) hard.push({ layout: 'mcguire', rules: EVERY_RULE });
    const solverMs = await page.evaluate(async (requests) => {
      const release = document.querySelector('meta[name=hexfair-release]').content;
      const url = `./hexfair-worker-${release}_loader.js`;
      // Builds before the page and worker shared their module had a classic worker.
      const start = (type) => new Promise((started) => {
        const worker = new Worker(url, { type });
        worker.onmessage = (e) => { if (e.data === 'ready') started(worker); };
        worker.onerror = () => { worker.terminate(); started(null); };
      });
      const worker = (await start('module')) ?? (await start('classic'));
      if (!worker) return [];
      const times = [];
      for (const [i, { layout, rules }] of requests.entries()) {
        const t0 = performance.now();
        await new Promise((answered) => {
          worker.onmessage = answered;
          // A worker message (src/app/protocol/search.rs); builds before it read a line-based text
          // format and would answer this with an error.
          worker.postMessage({
            search: { id: BigInt(i + 1), settings: { layout, rules, numbers: 'random', locks: [] }, mode: 'random', seed: 1n },
          });
        });
        times.push(Math.round(performance.now() - t0));
      }
      worker.terminate();
      return times;
    }, hard);
    await context.close();
    return {
      ...bench,
      ...play,
      ...await tapSpeed(browser, site),
      solver_base_corner_9_ms: solverMs[0],
      solver_mcguire_every_rule_ms: solverMs[1],
    };
  } finally {
    site.server.close();
  }
}

/** Taps to balanced boards and their chances, in a fresh page as a player gets it (Seats tab open). */
async function tapSpeed(browser, site) {
  const context = await browser.newContext(DESKTOP);
  try {
    const page = await context.newPage();
    await page.goto(site.url);
    await page.locator('svg.board g.hex').first().waitFor();
    // Builds before the play worker have no chances.
    if (await page.getByRole('tab', { name: 'Seats' }).count() === 0) return {};
    await page.getByRole('tab', { name: 'Seats' }).click();
    const atOnce = await tapTimes(page, quick ? 3 : 5, 0);
    const looked = await tapTimes(page, quick ? 3 : 5, LOOK_MS);
    const rapid = await quickTaps(page, quick ? 5 : 9);
    await page.goto(`${site.url}?v=1&layout=five-six&seed=5`);
    // A seed link asks for any legal board: Balanced is chosen on the page.
    await page.locator('main[data-searching=false] svg.board g.hex').first().waitFor({ timeout: 120_000 });
    await page.getByRole('tab', { name: 'Balance' }).click();
    await page.getByRole('radio', { name: /^Balanced/ }).check();
    await page.locator('main[data-searching=false]').waitFor({ timeout: 120_000 });
    const rapidFiveSix = await quickTaps(page, quick ? 5 : 9);
    return {
      tap_board_ms: atOnce.board,
      tap_chances_ms: atOnce.chances,
      tap_board_looked_ms: looked.board,
      tap_chances_looked_ms: looked.chances,
      tap_board_quick_ms: rapid,
      tap_board_quick_five_six_ms: rapidFiveSix,
    };
  } finally {
    await context.close();
  }
}

/**
 * Games a second of the play worker: a 2,000-game play-test of the page's board at 4 seats
 * (hexfair playtest's defaults), after a warm-up, in a play worker of the page's own, once the
 * page's own play-test of the board is over (so the two do not share the machine).
 */
async function playSpeed(page) {
  const release = await page.evaluate(() => document.querySelector('meta[name=hexfair-release]').content);
  // Builds before the play worker have no worker to time.
  const url = `${new URL(page.url()).origin}${new URL(page.url()).pathname}hexfair-play-${release}_loader.js?bench`;
  if (!(await page.request.get(url)).ok()) return {};
  return page.evaluate(async () => {
    const release = document.querySelector('meta[name=hexfair-release]').content;
    const token = new URL(location.href).searchParams.get('b');
    const worker = new Worker(`./hexfair-play-${release}_loader.js?bench`, { type: 'module' });
    await new Promise((ready) => { worker.onmessage = (e) => { if (e.data === 'ready') ready(); }; });
    // A play-test request (src/app/protocol/play.rs); resolves with the milliseconds to its tally.
    const play = (id, games) => new Promise((done) => {
      const t0 = performance.now();
      worker.onmessage = (e) => { if (e.data.played) done(performance.now() - t0); };
      worker.postMessage({ 'play-test': { id: BigInt(id), token, seats: 4, games, seed: 1n } });
    });
    await play(1, 200);
    const games = 2000;
    const ms = await play(2, games);
    worker.terminate();
    return { play_games_per_second: games / (ms / 1000), play_games_timed: games, play_ms: ms };
  });
}

/** Tap-to-board times as printed: their median and each, or `none` when there are none. */
const taps = (each, none) => (each.length ? `median ${Math.round(median(each))} ms (${each.map(Math.round).join(', ')})` : none);

/** How long a table looks at a board before the next tap, in the second timing below. */
const LOOK_MS = 5_000;

/**
 * Milliseconds from a tap on Regenerate to a balanced base board at 4 seats, and to its
 * chances on screen, on the page as a player gets it, `runs` times from fresh seeds. Each
 * tap waits for the board before's chances, then `lookMs` more.
 */
async function tapTimes(page, runs, lookMs) {
  const board = [], chances = [];
  for (let i = 0; i < runs; i++) {
    await page.getByTestId('verdict').waitFor({ timeout: 120_000 });
    await page.waitForTimeout(lookMs);
    const ms = await page.evaluate(() => new Promise((done) => {
      const main = document.querySelector('main');
      const seed = document.querySelector('[data-testid=seed]').textContent;
      const t0 = performance.now();
      let shown = null;
      new MutationObserver((_, observer) => {
        const now = document.querySelector('[data-testid=seed]').textContent;
        if (shown === null && now !== seed && main.dataset.searching === 'false') {
          shown = performance.now() - t0;
        }
        // The board before's verdict goes with it; the new board's comes once played.
        if (shown !== null && document.querySelector('[data-testid=verdict]')) {
          observer.disconnect();
          done([shown, performance.now() - t0]);
        }
      }).observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
      document.querySelector('[data-testid=regenerate]').click();
    }));
    board.push(ms[0]);
    chances.push(ms[1]);
  }
  return { board, chances };
}

/**
 * How long after a board appears the quick taps below tap again: the player the tap goal
 * is set for (docs/benchmarks.md, "Searched ahead of the tap").
 */
const QUICK_TAP_MS = 300;

/**
 * Milliseconds from a tap on Regenerate to the board, `runs` taps in a row, each
 * [`QUICK_TAP_MS`] after the board before appeared: its chances are still being played.
 */
async function quickTaps(page, runs) {
  return page.evaluate(({ runs, gap }) => new Promise((done) => {
    const main = document.querySelector('main');
    const seedOf = () => document.querySelector('[data-testid=seed]').textContent;
    const times = [];
    const tap = () => {
      const seed = seedOf();
      const t0 = performance.now();
      const observer = new MutationObserver(() => {
        if (seedOf() === seed || main.dataset.searching !== 'false') return;
        observer.disconnect();
        times.push(performance.now() - t0);
        if (times.length === runs) done(times);
        else setTimeout(tap, gap);
      });
      observer.observe(main, { subtree: true, childList: true, characterData: true, attributes: true });
      document.querySelector('[data-testid=regenerate]').click();
    };
    tap();
  }), { runs, gap: QUICK_TAP_MS });
}

const browser = await launchBrowser();
if (speedOnly) {
  const bench = await searchSpeed(browser);
  console.log(`${DIST}: ${Math.round(bench.search_candidates_per_second).toLocaleString('en')} search candidates/s, ` +
    `${Math.round(bench.random_candidates_per_second).toLocaleString('en')} random/s, a balanced board ${bench.balanced_board_ms.toFixed(1)} ms; ` +
    `play worker ${bench.play_games_per_second ? Math.round(bench.play_games_per_second).toLocaleString('en') : '-'} four-player games/s; ` +
    `solver: base corner 9 ${bench.solver_base_corner_9_ms} ms, McGuire every rule ${bench.solver_mcguire_every_rule_ms ?? '-'} ms; ` +
    `tap to a balanced board ${taps(bench.tap_board_ms ?? [], '-')}, to its chances ${taps(bench.tap_chances_ms ?? [], '-')}; ` +
    `after a look of ${LOOK_MS / 1000} s: board ${taps(bench.tap_board_looked_ms ?? [], '-')}, chances ${taps(bench.tap_chances_looked_ms ?? [], '-')}; ` +
    `taps ${QUICK_TAP_MS} ms after each board: base ${taps(bench.tap_board_quick_ms ?? [], '-')}, five-six ${taps(bench.tap_board_quick_five_six_ms ?? [], '-')}`);
  await browser.close();
  process.exit(0);
}
try {
  const files = await distSizes();
  const site = await serveDist({ root: DIST, gzip: true, headers: { 'cache-control': 'max-age=600' } });
  // Every file compressed before the first visit, as a host has them.
  for (const { name } of files) await fetch(`${site.url}${name}`, { headers: { 'accept-encoding': 'gzip' } }).then((r) => r.arrayBuffer());
  const visits = [];
  for (let i = 0; i < VISITS; i++) visits.push(await firstVisit(browser, site, true));
  const unthrottled = await firstVisit(browser, site, false);
  // The same first visit on a phone set to German: the page fetches its German words beside
  // the wasm, and nothing else more.
  const german = [];
  for (let i = 0; i < VISITS; i++) german.push(await firstVisit(browser, site, true, 'de-DE'));
  site.server.close();
  const bench = await searchSpeed(browser);

  const figures = (runs) => {
    const at = (name) => median(runs.map((v) => v[name] ?? Infinity));
    return {
      bytes_before_first_board: at('bytes_before_first_board'),
      bytes_before_regenerate: at('bytes_before_regenerate'),
      bytes_until_offline_ready: at('bytes_until_offline_ready'),
      first_board_ms_throttled: at('board_ms'),
      first_board_ms_throttled_each: runs.map((v) => v.board_ms),
      app_board_ms: at('app_board_ms'),
      regenerate_answered_ms: at('regenerate_answered_ms'),
      regenerate_answered_ms_each: runs.map((v) => v.regenerate_answered_ms),
      regenerate_before_app: runs.every((v) => v.regenerate_before_app),
      linked_board_ms: at('linked_board_ms'),
      linked_board_ms_each: runs.map((v) => v.linked_board_ms),
      linked_drawn_ahead: runs.every((v) => v.linked_drawn_ahead),
      linked_app_board_ms: at('linked_app_board_ms'),
      linked_bytes_before_board: at('linked_bytes_before_board'),
      linked_layout_shift: Math.max(...runs.map((v) => v.linked_layout_shift)),
      linked_board_moved_px: Math.max(...runs.map((v) => v.linked_board_moved_px ?? 0)),
      returning_board_ms: at('returning_board_ms'),
      returning_board_ms_each: runs.map((v) => v.returning_board_ms),
      layout_shift: Math.max(...runs.map((v) => v.layout_shift)),
      board_moved_px: Math.max(...runs.map((v) => v.board_moved_px ?? 0)),
      drawn_ahead: runs.every((v) => v.drawn_ahead),
      words_bytes_before_first_board: at('words_bytes_before_first_board'),
      words_files_before_first_board: runs[0].words_files_before_first_board,
      play_worker_bytes_before_first_board: Math.max(...runs.map((v) => v.play_worker_bytes_before_first_board)),
      play_worker_bytes: at('play_worker_bytes'),
      play_worker_first_sent_after_board_ms: at('play_worker_first_sent_after_board_ms'),
      throttled_timeline: runs.map(({ html_in_ms, wasm_in_ms, app_started_ms, board_ms, app_board_ms, tapped_ms, regenerate_answered_ms }) =>
        ({ html_in_ms, wasm_in_ms, app_started_ms, board_ms, app_board_ms, tapped_ms, regenerate_answered_ms })),
      requests: runs[0].requests,
    };
  };
  const report = {
    mode: quick ? 'quick' : 'full',
    files,
    first_visit: {
      ...figures(visits),
      first_board_ms_unthrottled: unthrottled.board_ms,
      unthrottled_timeline: (({ html_in_ms, wasm_in_ms, app_started_ms, board_ms, app_board_ms, regenerate_answered_ms }) =>
        ({ html_in_ms, wasm_in_ms, app_started_ms, board_ms, app_board_ms, regenerate_answered_ms }))(unthrottled),
    },
    first_visit_german: figures(german),
    browser_search_candidates_per_second: bench.search_candidates_per_second,
    browser_random_candidates_per_second: bench.random_candidates_per_second,
    browser_balanced_board_ms: bench.balanced_board_ms,
    browser_play_games_per_second: bench.play_games_per_second,
    browser_play_ms: bench.play_ms,
    browser_tap_board_ms_each: bench.tap_board_ms ?? [],
    browser_tap_chances_ms_each: bench.tap_chances_ms ?? [],
    browser_tap_board_looked_ms_each: bench.tap_board_looked_ms ?? [],
    browser_tap_chances_looked_ms_each: bench.tap_chances_looked_ms ?? [],
    browser_tap_board_quick_ms_each: bench.tap_board_quick_ms ?? [],
    browser_tap_board_quick_five_six_ms_each: bench.tap_board_quick_five_six_ms ?? [],
    browser_solver_base_corner_9_ms: bench.solver_base_corner_9_ms,
    browser_solver_mcguire_every_rule_ms: bench.solver_mcguire_every_rule_ms ?? null,
  };
  await writeReport('download-bench', report);

  console.log(`download benchmark (${report.mode}; ${DIST}, sizes as built and gzip -9):`);
  for (const { name, bytes, gzip } of files) console.log(`  ${name.padEnd(48)} ${kb(bytes).padStart(10)} ${kb(gzip).padStart(10)} gzip`);
  const v = report.first_visit;
  const g = report.first_visit_german;
  for (const [name, f] of [['English', v], ['German', g]]) {
    console.log(`first visit, a phone set to ${name}, at 1.6 Mbps / 150 ms / CPU 4x (median of ${VISITS}; ms from navigation):`);
    console.log(`  board on screen ${f.first_board_ms_throttled} (${f.drawn_ahead ? 'drawn ahead' : 'the app\'s'}; each: ${f.first_board_ms_throttled_each.join(', ')}), ` +
      `the app's board ${f.app_board_ms}, Regenerate answered ${f.regenerate_answered_ms} (${f.regenerate_before_app ? 'the loading view\'s' : 'the app\'s'}; each: ${f.regenerate_answered_ms_each.join(', ')}); ` +
      `a linked board (?b=) ${f.linked_board_ms} (${f.linked_drawn_ahead ? 'drawn by its module' : 'the app\'s'}; each: ${f.linked_board_ms_each.join(', ')}; ` +
      `${kb(f.linked_bytes_before_board)} before it; the app's ${f.linked_app_board_ms}; layout shift ${f.linked_layout_shift}, moved ${f.linked_board_moved_px} px); ` +
      `returning (service worker) ${f.returning_board_ms} (each: ${f.returning_board_ms_each.join(', ')})`);
    console.log(`  sent gzip-compressed: ${kb(f.bytes_before_first_board)} before the board, ${kb(f.bytes_before_regenerate)} before the tap on Regenerate ` +
      `(its words ${kb(f.words_bytes_before_first_board)}: ${f.words_files_before_first_board.join(', ') || 'none'}), ${kb(f.bytes_until_offline_ready)} until offline-ready; ` +
      `layout shift ${f.layout_shift}, the board moved ${f.board_moved_px} px as the app took over`);
    const line = ({ html_in_ms, wasm_in_ms, app_started_ms, board_ms, app_board_ms, tapped_ms, regenerate_answered_ms }) =>
      `HTML in ${html_in_ms}, board ${board_ms}, wasm in ${wasm_in_ms}, app started ${app_started_ms}, app's board ${app_board_ms}, tap ${tapped_ms}, answered ${regenerate_answered_ms}`;
    console.log(`  each: ${f.throttled_timeline.map(line).join('; ')}`);
  }
  console.log(`  requests of the first visit (path, bytes sent): ${v.requests.join(', ')}`);
  console.log(`unthrottled: board ${v.first_board_ms_unthrottled} ms, the app's ${v.unthrottled_timeline.app_board_ms} ms, Regenerate answered ${v.unthrottled_timeline.regenerate_answered_ms} ms`);
  console.log(`browser search: ${Math.round(report.browser_search_candidates_per_second).toLocaleString('en')} candidates/s` +
    ` (random: ${Math.round(report.browser_random_candidates_per_second).toLocaleString('en')}/s; a balanced board ${report.browser_balanced_board_ms.toFixed(1)} ms)`);
  console.log(`play worker: ${Math.round(report.browser_play_games_per_second).toLocaleString('en')} four-player games/s` +
    ` (2,000 games of varied players on the first board in ${Math.round(report.browser_play_ms)} ms); sent before the first board:` +
    ` ${kb(v.play_worker_bytes_before_first_board)}, its first file sent ${v.play_worker_first_sent_after_board_ms} ms after the board` +
    ` (${kb(v.play_worker_bytes)} in all)`);
  console.log(`a balanced base board, 4 seats, Seats tab open: at once after the last board's chances, tap to board ` +
    `${taps(report.browser_tap_board_ms_each, 'not in this build')}, to its chances ${taps(report.browser_tap_chances_ms_each, 'not in this build')}; ` +
    `after a look of ${LOOK_MS / 1000} s, board ${taps(report.browser_tap_board_looked_ms_each, 'not in this build')}, chances ${taps(report.browser_tap_chances_looked_ms_each, 'not in this build')}; ` +
    `taps ${QUICK_TAP_MS} ms after each board (chances not waited for): base ${taps(report.browser_tap_board_quick_ms_each, 'not in this build')}, ` +
    `five-six ${taps(report.browser_tap_board_quick_five_six_ms_each, 'not in this build')}`);
  console.log(`exact solver in a search worker: base, max-corner-pips=9, ${report.browser_solver_base_corner_9_ms} ms` +
    `${quick ? '' : `; McGuire, every rule (refused): ${report.browser_solver_mcguire_every_rule_ms} ms`}`);
} finally {
  await browser.close();
}
