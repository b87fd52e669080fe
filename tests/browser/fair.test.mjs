// Balanced boards at the table: Regenerate's balanced board is the seat-fair search's, the
// one `hexfair generate` gives for the same seed and table, shown at once; the play worker
// then plays its chances at a varied table, and the fair start shown is chosen by play as
// `hexfair playtest --start play` chooses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, nativeBoard, hexfair, screenshot, openTab,
} from './harness.mjs';

shareSiteAndBrowser();

/** Waits until the play worker listens: the first board's seat chances are played. */
async function simulatorListens(page) {
  await openTab(page, 'Seats');
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
}

/** Taps Regenerate and waits for the new board. */
async function regenerate(page) {
  const before = (await page.getByTestId('seed').textContent()).trim();
  await page.getByTestId('regenerate').tap();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed
    && document.querySelector('main').dataset.searching === 'false', before, { timeout: 60_000 });
  return readBoard(page);
}

test('a balanced board is the seat-fair search\'s, as the command line gives it, and its chances follow', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  // One play worker: the search by play and its partner are gone.
  const players = [];
  page.on('worker', (worker) => { if (worker.url().includes('hexfair-play')) players.push(worker.url()); });
  await page.goto(site.url);
  await readBoard(page);
  await simulatorListens(page);
  for (const look of [3_000, 200]) {
    await page.waitForTimeout(look);
    const t0 = Date.now();
    const board = await regenerate(page);
    console.log(`# after a look of ${look} ms: the balanced board ${Date.now() - t0} ms from the tap (4 seats)`);
    const native = await nativeBoard(page, board, '--mode', 'balanced');
    assert.equal(board.terrain, native.terrain);
    assert.equal(board.numbers, native.numbers);
    // The Seats tab then plays the new board's chances, from the start.
    await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  }
  assert.equal(players.length, 1, `one play worker: ${players}`);
  await screenshot(page, 'phone-balanced-chances');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a table of three gets the seat-fair board for three', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await readBoard(page);
  await openTab(page, 'Seats');
  await page.getByLabel('3 players', { exact: true }).check();
  const board = await regenerate(page);
  const native = await nativeBoard(page, board, '--scenario', 'base', '--players', '3', '--mode', 'balanced');
  assert.equal(board.terrain, native.terrain);
  assert.equal(board.numbers, native.numbers);
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
  // The seats that won most and least, named with their shares of the same games.
  // As the page rounds (`chance_words::percent`, Rust's `f64::round` of the share times 100:
  // a half goes up, as Math.round takes it for a share).
  const won = native.seats.reduce((sum, t) => sum + t.wins, 0);
  const share = (s) => Math.round((s.wins / won) * 100);
  const most = native.seats.reduce((a, b) => (b.wins > a.wins ? b : a));
  const least = native.seats.reduce((a, b) => (b.wins < a.wins ? b : a));
  assert.equal(await page.getByTestId('start-chosen').textContent(),
    share(most) === share(least)
      ? `Chosen by play. In 2,000 simulated games from this start, seats won ${share(most)}% each.`
      : `Chosen by play. In 2,000 simulated games from this start, seat ${most.seat} won most (${share(most)}%) and seat ${least.seat} least (${share(least)}%).`);
  await screenshot(page, 'phone-start-by-play');
  assert.deepEqual(problems, []);
  await context.close();
});
