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
      const figures = document.querySelector('[data-testid=verdict]')?.dataset.wins ?? '';
      if (bars.length && figures !== lastFigures) {
        // The board is named by its seed on screen, which changes in the same render as the
        // figures; the address bar follows a render later, so it could name the board before.
        const seed = document.querySelector('[data-testid=seed]').textContent.trim();
        seen.figures.push({ seed, seats: bars.length, wins: figures });
      }
      lastFigures = bars.length ? figures : null;
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['value'] });
  });
}

/** The chances on screen once played: the verdict, each seat's wins and its figure. */
async function readChances(page) {
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  return page.evaluate(() => {
    const verdict = document.querySelector('[data-testid=verdict]');
    const wins = verdict.dataset.wins.split(',').map(Number);
    return {
      verdict: verdict.textContent.trim(),
      order: document.querySelector('[data-testid=seat-order]')?.textContent.trim(),
      games: Number(verdict.dataset.games),
      seats: [...document.querySelectorAll('[data-testid=chance-bars] .bar')].map((b, i) => ({
        seat: Number(b.querySelector('.bar-label').textContent.replace('Seat ', '')),
        wins: wins[i],
        text: b.querySelector('.bar-value').textContent,
      })),
    };
  });
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
    // "24% (22-26%)": the share and its 95% interval, whole percentages of the native figures.
    const [share, low, high] = mine.text.match(/^(\d+)% \((\d+)-(\d+)%\)$/).slice(1).map(Number);
    for (const [shownPercent, nativeShare] of [[share, theirs.win_rate], [low, theirs.low], [high, theirs.high]]) {
      assert.ok(Math.abs(shownPercent - nativeShare * 100) <= 0.51, `seat ${mine.seat}: ${mine.text} against ${JSON.stringify(theirs)}`);
    }
  }
  // A favoured seat is named only when the board's own effect is beyond chance, as the
  // command line judges it against the same seat order.
  const order = native.seat_order.map((p) => Math.round(p * 100));
  assert.equal(shown.order, `On any board the turn order alone gives seats 1 to ${order.length}: ${order.slice(0, -1).join(', ')} and ${order.at(-1)}%.`);
  if (native.board_effect.beyond_chance) {
    const most = native.board_effect.effect.indexOf(Math.max(...native.board_effect.effect)) + 1;
    const said = shown.verdict.match(new RegExp(`^This board favours seat ${most}: it wins (\\d+)% of 2,000 simulated games, (\\d+) points? more than its place in the turn order gives(?:; seat (\\d) wins (\\d+)%, (\\d+) points? less)?\\.`));
    assert.ok(said, shown.verdict);
    // The points said are the differences of the whole percentages shown beside them.
    const [share, more, least, leastShare, less] = said.slice(1).map(Number);
    assert.equal(more, share - order[most - 1], shown.verdict);
    if (least) assert.equal(less, order[least - 1] - leastShare, shown.verdict);
  } else {
    assert.match(shown.verdict, /^No seat favoured by this board beyond turn order and chance: seats win \d+(-\d+)?% of 2,000 simulated games\./);
  }
  return shown;
}

test('the Seats tab shows each seat\'s chance, played with a progress bar, as the command line plays the link', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await watchChances(context);
  await page.goto(site.url);
  await readBoard(page);
  await openTab(page, 'Seats');
  // A board played while the tab is open, so its progress bar is on screen throughout (the
  // first board's games may be over before a loaded machine opens the tab).
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  const first = await page.evaluate(() => window.hexfairChances.progress.length);
  await page.getByTestId('regenerate').click();
  await page.waitForFunction((n) => window.hexfairChances.progress.length > n, first);
  const shown = await assertAsCommandLine(page, 4);
  assert.equal(shown.seats.length, 4);
  assert.equal(await page.getByTestId('chances-bots').textContent(),
    'Varied players: in every game each seat plays a style of its own and opens among its near-best spots; no trades between players; seat 1 starts. In brackets: the 95% interval.');
  // The second board's play-test alone.
  const progress = (await page.evaluate(() => window.hexfairChances.progress)).slice(first);
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
  // The chances themselves, scrolled into the panel's view (an element shot of the scrolling
  // panel would show only its part in sight).
  await page.getByTestId('chances').scrollIntoViewIfNeeded();
  await screenshot(page, 'phone-seats-chances-panel', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'desktop-seats-chances', { fullPage: false });
  assert.deepEqual(problems, []);
  await context.close();
});

/**
 * Taps Regenerate, then clicks `selector` the moment the next board's play-test is part way
 * (some games played, not all), as a player's tap would land, watching from before the tap:
 * a board's 2,000 games take about a tenth of a second. Resolves with the address bar's token
 * and the seed on screen at that moment, or null if the play-test was not caught under way.
 *
 * With `replacesBoard` (the click asks for a new board), the catch counts only once the new
 * board is on screen while the old one's play-test is still under way: a search slower than
 * the rest of the play-test (a loaded machine) leaves the old board on screen, and its
 * figures rightly show, so that try proves nothing and the next board is tried.
 */
function tapWhilePlaying(page, selector, replacesBoard) {
  return page.evaluate(([selector, replacesBoard]) => new Promise((tapped) => {
    const before = new URL(location.href).searchParams.get('b');
    const seedOnScreen = () => document.querySelector('[data-testid=seed]').textContent.trim();
    let caught = null;
    const settle = (result) => {
      watcher.disconnect();
      tapped(result);
    };
    const look = () => {
      if (caught) {
        // Waiting for the new board: it came first, or the old board's figures did.
        if (seedOnScreen() !== caught.seed) settle(caught);
        else if (document.querySelector('[data-testid=verdict]')) settle(null);
        return;
      }
      const token = new URL(location.href).searchParams.get('b');
      if (token === before || document.querySelector('main').dataset.searching === 'true') return;
      if (document.querySelector('[data-testid=verdict]')) {
        settle(null);
        return;
      }
      const bar = document.querySelector('[data-testid=chances-progress]');
      const done = Number(bar?.getAttribute('value'));
      if (!bar || !(done > 0 && done < Number(bar.getAttribute('max')))) return;
      caught = { token, seed: seedOnScreen() };
      document.querySelector(selector).click();
      if (!replacesBoard) settle(caught);
      else look();
    };
    const watcher = new MutationObserver(look);
    watcher.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['value', 'data-searching'] });
    document.querySelector('[data-testid=regenerate]').click();
    look();
  }), [selector, replacesBoard]);
}

/**
 * Taps `selector` part way through a play-test of a board after a Regenerate (the first board's
 * is gone before the page can watch it); a board whose play-test is played out before it is
 * caught is let be, and the next one's tried (up to 10).
 */
async function catchPlayTest(page, selector, replacesBoard = false) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const caught = await tapWhilePlaying(page, selector, replacesBoard);
    if (caught) return caught;
  }
  assert.fail('no play-test caught under way in 10 boards');
}

/** The figures drawn so far (see `watchChances`). */
const figuresSoFar = (page) => page.evaluate(() => window.hexfairChances.figures.length);

test('a new table or board cancels the play-test under way: its figures never show', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await watchChances(context);
  await page.goto(site.url);
  await readBoard(page);
  await openTab(page, 'Seats');
  // Part way through a 4-seat play-test, the table becomes 3 (the boards whose play-tests
  // were not caught showed their figures at 4: what is checked comes after).
  const fourSeats = await catchPlayTest(page, 'input[name=seats][value="3"]');
  const from = await figuresSoFar(page);
  await page.waitForFunction((t) => new URL(location.href).searchParams.get('b') !== t, fourSeats.token);
  await assertAsCommandLine(page, 3);
  // Part way through a later board's play-test, Regenerate.
  const cutShort = await catchPlayTest(page, '[data-testid=regenerate]', true);
  await page.waitForFunction((t) => new URL(location.href).searchParams.get('b') !== t, cutShort.token, { timeout: 60_000 });
  const last = await readBoard(page);
  await assertAsCommandLine(page, 3);
  const figures = (await page.evaluate(() => window.hexfairChances.figures)).slice(from);
  // Figures were drawn only for tables of 3 from then on (the 4-seat play-test cut short
  // never showed), and never for the board whose play-test Regenerate cut short.
  for (const { seed, seats } of figures) assert.equal(seats, 3, `figures for seed ${seed}`);
  assert.ok(figures.every(({ seed }) => seed !== cutShort.seed), JSON.stringify(figures));
  assert.equal(figures.at(-1).seed, last.seed);
  assert.deepEqual(problems, []);
  await context.close();
});

test('boards whose game the simulator does not play say so instead of figures, under no chances heading', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  for (const [layout, game] of [['seafarers', 'Seafarers'], ['fog-islands-4', 'Seafarers'], ['caravans-3-4', 'Traders & Barbarians']]) {
    await page.goto(`${site.url}?v=1&layout=${layout}&seed=3`);
    await readBoard(page);
    await openTab(page, 'Seats');
    const words = await page.getByTestId('chances-not-simulated').textContent();
    assert.match(words, new RegExp(`base game's boards only .* ${game} boards follow other rules`), layout);
    assert.equal(await page.getByTestId('chance-bars').count(), 0, layout);
    // No heading of chances that never come, and no line about the players of games not played.
    const panel = await page.getByTestId('seats-panel').innerText();
    assert.doesNotMatch(panel, /chance to win/, `${layout}:\n${panel}`);
    assert.equal(await page.getByTestId('chances').count(), 0, layout);
    assert.equal(await page.getByTestId('chances-bots').count(), 0, layout);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
