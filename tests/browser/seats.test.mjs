// Seats at the table, on a phone: the table picks 3 or 4 players (5 or 6 on the 5-6
// boards), and the fair start, the snake-draft bars and the link follow the choice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, hexfair, screenshot, openTab, SCREENSHOTS,
} from './harness.mjs';

shareSiteAndBrowser();

/** The board token in the address bar. */
const tokenOf = (page) => new URL(page.url()).searchParams.get('b');

/** Seat numbers of the fair start's settlements, sorted: '112233' for three seats. */
const fairStartSeats = (page) => page.locator('svg.board g.fair-start g.settlement')
  .evaluateAll((els) => els.map((e) => e.dataset.seat).sort().join(''));

/** The snake-draft bars: each seat's label and value. */
const seatBars = (page) => page.locator('[data-testid=seats] .bar').evaluateAll((bars) => bars.map((b) => ({
  seat: b.querySelector('.bar-label').textContent.trim(),
  value: Number(b.querySelector('.bar-value').textContent),
})));

/** Chooses `n` players and waits for the address bar to carry a new link. */
async function chooseSeats(page, n) {
  const before = tokenOf(page);
  await page.getByLabel(`${n} players`, { exact: true }).check();
  await page.waitForFunction((t) => new URL(location.href).searchParams.get('b') !== t, before);
}

/** Checks the page shows `seats` seats: the radio, the bars (as the command line drafts
 * them for the link) and the fair start, two settlements a seat in seat colours. */
async function assertSeats(page, seats) {
  assert.equal(await page.getByLabel(`${seats} players`, { exact: true }).isChecked(), true);
  const bars = await seatBars(page);
  assert.deepEqual(bars.map((b) => b.seat), Array.from({ length: seats }, (_, i) => `Seat ${i + 1}`));
  const native = JSON.parse(hexfair('score', '--token', tokenOf(page), '--format', 'json'));
  assert.deepEqual(bars.map((b) => b.value), native.snake_draft.seats.map((s) => s.value), 'bars as the command line drafts the link');
  const toggle = page.getByTestId('fair-start-toggle');
  if (!(await toggle.isChecked())) await toggle.check();
  const expected = Array.from({ length: seats }, (_, i) => `${i + 1}${i + 1}`).join('');
  await page.waitForFunction((e) => [...document.querySelectorAll('svg.board g.fair-start g.settlement')]
    .map((el) => el.dataset.seat).sort().join('') === e, expected);
  assert.equal(await fairStartSeats(page), expected);
  const colours = await page.locator('svg.board g.fair-start g.settlement path')
    .evaluateAll((els) => new Set(els.map((e) => e.getAttribute('fill'))).size);
  assert.equal(colours, seats, 'a colour a seat');
}

test('a table of 3 on the base board: fair start, draft bars and the link follow, and a reload keeps it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await openTab(page, 'Seats');
  const board = await readBoard(page);
  const usual = tokenOf(page);
  await assertSeats(page, 4);
  await chooseSeats(page, 3);
  assert.deepEqual(await readBoard(page), board, 'the board stays; only the table changed');
  await assertSeats(page, 3);
  await screenshot(page, 'phone-seats-3');
  // The parts a player looks at, at the size shown: the board and the seats panel.
  await page.locator('svg.board').screenshot({ path: join(SCREENSHOTS, 'phone-seats-3-board.png') });
  await page.getByTestId('seats-panel').screenshot({ path: join(SCREENSHOTS, 'phone-seats-3-panel.png') });
  await openTab(page, 'Rules');
  await page.locator('fieldset.rules').screenshot({ path: join(SCREENSHOTS, 'phone-rules.png') });
  await openTab(page, 'Balance');
  await page.locator('fieldset.modes').screenshot({ path: join(SCREENSHOTS, 'phone-modes.png') });
  const three = tokenOf(page);
  assert.notEqual(three, usual);
  await page.reload();
  await openTab(page, 'Seats');
  assert.deepEqual(await readBoard(page), board);
  assert.equal(tokenOf(page), three);
  await assertSeats(page, 3);
  // Back to 4: the link is again exactly the one before seats were chosen.
  await chooseSeats(page, 4);
  assert.equal(tokenOf(page), usual);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a table of 5 on the five-six board, kept by its link', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(`${site.url}?v=1&layout=five-six&seed=5`);
  await openTab(page, 'Seats');
  await page.waitForFunction(() => document.querySelectorAll('svg.board g.hex').length === 30);
  const board = await readBoard(page);
  assert.deepEqual(await page.locator('input[name=seats]').evaluateAll((els) => els.map((e) => e.value)), ['5', '6']);
  await assertSeats(page, 6);
  await chooseSeats(page, 5);
  await assertSeats(page, 5);
  await screenshot(page, 'phone-seats-5');
  await page.reload();
  await openTab(page, 'Seats');
  assert.deepEqual(await readBoard(page), board);
  await assertSeats(page, 5);
  assert.deepEqual(problems, []);
  await context.close();
});
