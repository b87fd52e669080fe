// Each seat's chance in the Seats tab, played by the play worker (a wasm module of its own,
// started after the first board): shown with a progress bar while the games are played, the
// same figures as `hexfair playtest --token T --format json` for the board and table on
// screen, and a new board or table cancels the play-test under way (its figures never show
// on the new one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, hexfair, screenshot, openTab,
} from './harness.mjs';

shareSiteAndBrowser();

/** The board token in the address bar. */
const tokenOf = (page) => new URL(page.url()).searchParams.get('b');

/**
 * Records, in the page, every progress value shown and every set of figures drawn, with the
 * address bar's token at that moment: window.hexfairChances = { progress: [[done, max]],
 * figures: [{ token, seats, bars }] }.
 */
async function watchChances(context) {
  await context.addInitScript(() => {
    const seen = { progress: [], figures: [] };
    window.hexfairChances = seen;
    let lastFigures = null;
    const look = () => {
      const bar = document.querySelector('[data-testid=chances-progress]');
      if (bar) {
        const step = [Number(bar.getAttribute('value')), Number(bar.getAttribute('max'))];
        const last = seen.progress.at(-1);
        if (!last || last[0] !== step[0] || last[1] !== step[1]) seen.progress.push(step);
      }
      const bars = document.querySelectorAll('[data-testid=chance-bars] .bar');
      const figures = [...bars].map((b) => b.dataset.wins).join(',');
      if (bars.length && figures !== lastFigures) {
        seen.figures.push({ token: new URL(location.href).searchParams.get('b'), seats: bars.length, wins: figures });
      }
      lastFigures = bars.length ? figures : null;
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['value'] });
  });
}

/** The chances on screen once played: the verdict and each seat's figures. */
async function readChances(page) {
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  return page.evaluate(() => ({
    verdict: document.querySelector('[data-testid=verdict]').textContent,
    games: Number(document.querySelector('[data-testid=verdict]').dataset.games),
    seats: [...document.querySelectorAll('[data-testid=chance-bars] .bar')].map((b) => ({
      seat: Number(b.dataset.seat),
      wins: Number(b.dataset.wins),
      low: Number(b.dataset.low),
      high: Number(b.dataset.high),
      text: b.querySelector('.bar-value').textContent,
    })),
  }));
}

/** Checks the chances on screen are the command line's for the address bar's board and table. */
async function assertAsCommandLine(page, seats) {
  const shown = await readChances(page);
  const token = tokenOf(page);
  const native = JSON.parse(hexfair('playtest', '--token', token, '--format', 'json'));
  assert.equal(native.players, seats);
  assert.equal(shown.games, native.games);
  assert.equal(shown.games, 2000, 'hexfair playtest plays 2,000 games by default');
  assert.deepEqual(shown.seats.map((s) => s.seat), native.seats.map((s) => s.seat));
  assert.deepEqual(shown.seats.map((s) => s.wins), native.seats.map((s) => s.wins), 'the same games won by each seat');
  for (const [mine, theirs] of shown.seats.map((s, i) => [s, native.seats[i]])) {
    assert.ok(Math.abs(mine.low - theirs.low) <= 1e-4 && Math.abs(mine.high - theirs.high) <= 1e-4,
      `seat ${mine.seat}'s interval: ${mine.low}-${mine.high} against ${theirs.low}-${theirs.high}`);
    assert.match(mine.text, /^\d+% \(\d+-\d+%\)$/);
  }
  assert.match(shown.verdict, native.spread <= 0.05
    ? /^Even: every seat wins \d+(-\d+)?% of 2,000 simulated games\./
    : /^Seat \d is favoured: it wins \d+% of 2,000 simulated games, seat \d only \d+%\./);
  return shown;
}

test('the Seats tab shows each seat\'s chance, played with a progress bar, as the command line plays the link', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await watchChances(context);
  await page.goto(site.url);
  await readBoard(page);
  await openTab(page, 'Seats');
  const shown = await assertAsCommandLine(page, 4);
  assert.equal(shown.seats.length, 4);
  assert.equal(await page.getByTestId('chances-bots').textContent(),
    'Greedy bots in every seat, no trades between players; seat 1 starts.');
  const { progress } = await page.evaluate(() => window.hexfairChances);
  assert.ok(progress.some(([done, max]) => done > 0 && done < max && max === 2000),
    `progress seen part way: ${JSON.stringify(progress)}`);
  // Done moves only forward within a play-test.
  for (let i = 1; i < progress.length; i++) if (progress[i][1] === progress[i - 1][1]) assert.ok(progress[i][0] >= progress[i - 1][0]);
  // The snake draft is detail below the chances.
  const order = await page.evaluate(() => {
    const chances = document.querySelector('[data-testid=chances]');
    const draft = document.querySelector('[data-testid=seats]');
    return chances.compareDocumentPosition(draft) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  assert.ok(order, 'the draft bars come after the chances');
  await screenshot(page, 'phone-seats-chances');
  await page.getByTestId('seats-panel').screenshot({ path: 'tests/browser/screenshots/phone-seats-chances-panel.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'desktop-seats-chances', { fullPage: false });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a new table or board cancels the play-test under way: its figures never show', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await watchChances(context);
  await page.goto(site.url);
  await readBoard(page);
  await openTab(page, 'Seats');
  // Part way through the 4-seat play-test, the table becomes 3.
  await page.waitForFunction(() => window.hexfairChances.progress.some(([done]) => done > 0), null, { polling: 'raf' });
  const fourSeats = tokenOf(page);
  await page.getByLabel('3 players', { exact: true }).check();
  await page.waitForFunction((t) => new URL(location.href).searchParams.get('b') !== t, fourSeats);
  await assertAsCommandLine(page, 3);
  // Then a new board, tapped while its 3-seat play-test runs.
  const threeSeats = tokenOf(page);
  await page.getByTestId('regenerate').click();
  await page.waitForFunction((t) => new URL(location.href).searchParams.get('b') !== t, threeSeats);
  await readBoard(page);
  await page.getByTestId('regenerate').click();
  await readBoard(page);
  const last = tokenOf(page);
  await assertAsCommandLine(page, 3);
  const { figures } = await page.evaluate(() => window.hexfairChances);
  // Every set of figures drawn was for the board and table on screen when drawn, and the
  // 4-seat play-test cut short drew none.
  for (const { token, seats } of figures) assert.equal(seats, 3, `figures for ${token}`);
  assert.ok(figures.every(({ token }) => token !== fourSeats));
  assert.equal(figures.at(-1).token, last);
  assert.deepEqual(problems, []);
  await context.close();
});

test('boards whose game the simulator does not play say so instead of figures', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(`${site.url}?v=1&layout=seafarers&seed=3`);
  await readBoard(page);
  await openTab(page, 'Seats');
  const words = await page.getByTestId('chances-not-simulated').textContent();
  assert.match(words, /base game's boards only .* Seafarers boards follow other rules/);
  assert.equal(await page.getByTestId('chance-bars').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});
