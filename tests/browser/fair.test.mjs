// Balanced boards chosen by play in the page: once the play worker listens, Regenerate's
// balanced board is the one `hexfair generate` chooses by play for the same seed and table
// (the first board of a visit comes before it loads, and says it is balanced on paper
// only), with a progress bar while candidate boards are played, and a newer tap cancels the
// search under way: its board never shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, nativeBoard, chosenOf, hexfair, screenshot, openTab, PHONE,
} from './harness.mjs';

shareSiteAndBrowser();

/** Records every value the search's progress bar shows (window.searchProgress). */
async function watchSearchProgress(context) {
  await context.addInitScript(() => {
    const seen = [];
    window.searchProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid=search-progress] progress');
      const value = bar && Number(bar.getAttribute('value'));
      if (bar && seen.at(-1) !== value) seen.push(value);
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['value'] });
  });
}

/** Waits until the play worker listens: the first board's seat chances are played. */
async function simulatorListens(page) {
  await openTab(page, 'Seats');
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
}

/** Taps Regenerate and waits for the board chosen by play. */
async function regenerateByPlay(page) {
  const before = (await page.getByTestId('seed').textContent()).trim();
  await page.getByTestId('regenerate').tap();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed
    && document.querySelector('main').dataset.searching === 'false', before, { timeout: 60_000 });
  return readBoard(page);
}

test('once the simulator listens, a balanced board is chosen by play, as the command line chooses it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await watchSearchProgress(context);
  // Two play workers of the one module: the second does the other half of each search.
  const players = [];
  page.on('worker', (worker) => { if (worker.url().includes('hexfair-play')) players.push(worker.url()); });
  await page.goto(site.url);
  await readBoard(page);
  assert.equal(await chosenOf(page), 'paper', 'the first board comes before the simulator');
  await page.getByTestId('on-paper').waitFor();
  await screenshot(page, 'phone-on-paper', { fullPage: false });
  await simulatorListens(page);
  const t0 = Date.now();
  const board = await regenerateByPlay(page);
  console.log(`# a balanced board chosen by play: ${Date.now() - t0} ms from the tap (4 seats)`);
  assert.equal(await chosenOf(page), 'play');
  assert.equal(players.length, 2, `two play workers: ${players}`);
  assert.equal(await page.getByTestId('on-paper').count(), 0, 'no word of paper on a board chosen by play');
  const native = await nativeBoard(page, board, '--mode', 'balanced');
  assert.equal(board.terrain, native.terrain);
  assert.equal(board.numbers, native.numbers);
  const seen = await page.evaluate(() => window.searchProgress);
  assert.ok(seen.length >= 2, `the progress bar moved: ${seen}`);
  assert.ok(seen.every((v, i) => i === 0 || v > seen[i - 1]), `only forward: ${seen}`);
  assert.equal(await page.getByTestId('search-progress').count(), 0, 'gone with the search');
  // The Seats tab then plays the new board's chances, from the start.
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  await screenshot(page, 'phone-chosen-by-play');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the next board, chosen ahead while the table looks at this one, is still the command line\'s', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await watchSearchProgress(context);
  await page.goto(site.url);
  await readBoard(page);
  await simulatorListens(page);
  for (const look of [6_000, 500]) {
    // The play workers choose the board Regenerate will ask for while the table looks.
    await page.waitForTimeout(look);
    await page.evaluate(() => window.searchProgress.splice(0));
    const t0 = Date.now();
    const board = await regenerateByPlay(page);
    const seen = await page.evaluate(() => window.searchProgress);
    console.log(`# after a look of ${look} ms: the board ${Date.now() - t0} ms from the tap, the bar seen at ${seen.length} steps`);
    assert.equal(await chosenOf(page), 'play');
    const native = await nativeBoard(page, board, '--mode', 'balanced');
    assert.equal(board.terrain, native.terrain);
    assert.equal(board.numbers, native.numbers);
    assert.ok(seen.every((v, i) => i === 0 || v > seen[i - 1]), `only forward: ${seen}`);
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a table of three gets the board chosen by play for three', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await readBoard(page);
  await simulatorListens(page);
  await page.getByLabel('3 players', { exact: true }).check();
  const board = await regenerateByPlay(page);
  assert.equal(await chosenOf(page), 'play');
  const native = await nativeBoard(page, board, '--scenario', 'base', '--players', '3', '--mode', 'balanced');
  assert.equal(board.terrain, native.terrain);
  assert.equal(board.numbers, native.numbers);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a newer tap cancels the search under way: only the newest board shows', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await watchSearchProgress(context);
  await page.goto(site.url);
  await readBoard(page);
  await simulatorListens(page);
  // Every seed the page shows from here on.
  await page.evaluate(() => {
    window.seedsShown = [];
    const seed = document.querySelector('[data-testid=seed]');
    new MutationObserver(() => window.seedsShown.push(seed.textContent.trim()))
      .observe(seed, { childList: true, subtree: true, characterData: true });
  });
  await page.getByTestId('regenerate').tap();
  await page.getByTestId('search-progress').waitFor();
  // A second tap while the first search is under way: Regenerate reads "Searching…".
  await page.getByTestId('regenerate').tap();
  await screenshot(page, 'phone-choosing-by-play', { fullPage: false });
  await page.waitForFunction(() => window.seedsShown.length > 0 && document.querySelector('main').dataset.searching === 'false',
    null, { timeout: 60_000 });
  const board = await readBoard(page);
  const seeds = await page.evaluate(() => window.seedsShown);
  assert.deepEqual([...new Set(seeds)], [board.seed], 'one board shown: the newest');
  assert.equal(await chosenOf(page), 'play');
  assert.equal(board.terrain, (await nativeBoard(page, board, '--mode', 'balanced')).terrain);
  // Random boards are not played: the search worker's, at once.
  await openTab(page, 'Balance');
  await page.getByRole('radio', { name: /^Random/ }).check();
  await readBoard(page);
  assert.equal(await chosenOf(page), 'search');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a play worker that falls silent while choosing is given up on: the search worker gives the board', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, { ...PHONE, serviceWorkers: 'block' });
  // It says it listens, then never answers.
  await context.route('**/hexfair-play-*_loader.js', (route) => route.fulfill({
    contentType: 'text/javascript', body: "onmessage = () => {}; postMessage('ready');",
  }));
  // Notes when the play worker says it listens (the page hears it too).
  await context.addInitScript(() => {
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        if (String(args[0]).includes('hexfair-play')) {
          this.addEventListener('message', (e) => { if (e.data === 'ready') window.playerListens = true; });
        }
      }
    };
  });
  await page.goto(site.url);
  await readBoard(page);
  await page.getByTestId('on-paper').waitFor();
  await page.waitForFunction(() => window.playerListens === true);
  const t0 = Date.now();
  const before = (await page.getByTestId('seed').textContent()).trim();
  await page.getByTestId('regenerate').tap();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed
    && document.querySelector('main').dataset.searching === 'false', before, { timeout: 30_000 });
  console.log(`# a silent play worker: ${Date.now() - t0} ms from the tap to the search worker's board`);
  const board = await readBoard(page);
  assert.equal(await chosenOf(page), 'paper');
  assert.equal(await page.getByTestId('on-paper').textContent(),
    'Balanced on paper only: the game simulator stopped working on this page.');
  assert.equal(board.terrain, (await nativeBoard(page, board, '--mode', 'balanced')).terrain);
  await openTab(page, 'Seats');
  assert.match(await page.getByTestId('chances-failed').textContent(), /the game simulator did not answer within 8 seconds; reload the page to try again/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a partner that falls silent is given up on: the play worker chooses the whole board alone', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, { ...PHONE, serviceWorkers: 'block' });
  // The second play worker the page starts says it listens, then never answers.
  await context.route((url) => url.search === '?silent', (route) => route.fulfill({
    contentType: 'text/javascript', body: "onmessage = () => {}; postMessage('ready');",
  }));
  await context.addInitScript(() => {
    const Native = window.Worker;
    let players = 0;
    window.Worker = class extends Native {
      constructor(url, options) {
        const partner = String(url).includes('hexfair-play') && ++players === 2;
        super(partner ? `${url}?silent` : url, options);
        if (partner) this.addEventListener('message', () => { window.partnerListens = true; });
      }
    };
  });
  await page.goto(site.url);
  await readBoard(page);
  await simulatorListens(page);
  await page.waitForFunction(() => window.partnerListens === true);
  const t0 = Date.now();
  const board = await regenerateByPlay(page);
  console.log(`# a silent partner: ${Date.now() - t0} ms from the tap to the board chosen by play alone`);
  assert.ok(Date.now() - t0 >= 8_000, 'waited for the partner');
  assert.equal(await chosenOf(page), 'play');
  const native = await nativeBoard(page, board, '--mode', 'balanced');
  assert.equal(board.terrain, native.terrain);
  assert.equal(board.numbers, native.numbers);
  // The partner's failure costs the table nothing else: the chances are played.
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  assert.equal(await page.getByTestId('chances-failed').count(), 0);
  // Later boards are chosen by the play worker alone, without waiting.
  const t1 = Date.now();
  const next = await regenerateByPlay(page);
  assert.ok(Date.now() - t1 < 8_000, `no second wait: ${Date.now() - t1} ms`);
  assert.equal(next.terrain, (await nativeBoard(page, next, '--mode', 'balanced')).terrain);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the fair start shown is chosen by play, as hexfair playtest --start play chooses it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await readBoard(page);
  await simulatorListens(page);
  await page.getByLabel('3 players', { exact: true }).check();
  await page.getByTestId('fair-start-toggle').check();
  // The start by spot values at once, the one chosen by play when it comes.
  await page.locator('svg.board g.fair-start').waitFor();
  await page.getByTestId('start-chosen').waitFor({ timeout: 60_000 });
  await page.locator('svg.board g.fair-start[data-by="play"]').waitFor();
  const shown = await page.locator('svg.board g.fair-start g.settlement').evaluateAll((houses) => houses
    .map((h) => [Number(h.dataset.seat), Number(h.dataset.corner)]));
  const token = new URL(page.url()).searchParams.get('b');
  const native = JSON.parse(hexfair('playtest', '--token', token, '--start', 'play', '--format', 'json'));
  assert.equal(native.players, 3);
  assert.deepEqual(shown, native.start.seats.flatMap((s) => s.settlements.map((c) => [s.seat, c])));
  const wins = await page.getByTestId('start-chosen').getAttribute('data-wins');
  assert.equal(wins, native.seats.map((s) => s.wins).join(','), 'the same fresh games from it');
  assert.match(await page.getByTestId('start-chosen').textContent(), /^Chosen by play\. From it: (Even|Seat \d is favoured)/);
  await screenshot(page, 'phone-start-by-play');
  assert.deepEqual(problems, []);
  await context.close();
});
