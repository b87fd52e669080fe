// The board on the table, entered as a player would: the terrain of the base game's starting
// set-up for beginners hex by hex, the tokens by the letters, the harbours place by place,
// every tap counted, each waited for as a person waits to see it (the play worker writes the
// screen). Then it is the board on screen: its link, score and seat chances are the command
// line's for the same board typed. What the box cannot make is refused at the tap; Undo
// takes taps back; a reload comes back to the entry; phone, landscape and desktop, in
// English and German.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, hexfair, screenshot, openTab,
  writeReport, DESKTOP,
} from './harness.mjs';

shareSiteAndBrowser();

/**
 * The terrain of the base game's starting set-up for beginners, as the board text writes it
 * hex by hex (as crates/engine/src/board/entry/tests.rs does), and harbours for its nine
 * places (the box's four 3:1 and five 2:1, in an order of the test's).
 */
const BEGINNER = 'MPFWHPHWFDFMFMWPHWP';
const HARBOURS = ['3', 'F', '3', 'P', '3', 'H', '3', 'M', 'W'];
const TERRAIN_NAME = { M: 'mountains', P: 'pasture', F: 'forest', W: 'fields', H: 'hills', D: 'desert' };
const HARBOUR_RESOURCE = { 3: 'any', F: 'lumber', P: 'wool', W: 'grain', H: 'brick', M: 'ore' };

/**
 * Clicks what `locator` finds and waits for the screen that answers it (the play worker
 * writes each screen: `data-asked` names the request, `aria-busy` is false once answered).
 */
async function press(page, locator, act = (l) => l.click()) {
  const host = page.getByTestId('entry-host');
  const before = await host.getAttribute('data-asked');
  await act(locator);
  await page.waitForFunction((asked) => {
    const now = document.querySelector('[data-testid=entry-host]');
    return !now || (now.getAttribute('data-asked') !== asked && now.getAttribute('aria-busy') === 'false');
  }, before);
}

/** Presses what `locator` finds, counting the tap. */
async function tap(taps, locator) {
  const page = locator.page();
  if (await page.getByTestId('entry-host').count()) await press(page, locator);
  else await locator.click();
  taps.count += 1;
}

const picked = (page) => page.locator('.entry-tools .tool[data-picked=true]').getAttribute('data-tool');

/** Picks `tool` unless it is the tool already (the screen moves on by itself once a kind is laid). */
async function pick(page, taps, tool) {
  if (await picked(page) !== tool) await tap(taps, page.locator(`.entry-tools .tool[data-tool="${tool}"]`));
}

/** Lays a whole base board as the screen invites; returns the taps counted. */
async function enterBeginnerBoard(page) {
  const taps = { count: 0 };
  await tap(taps, page.getByTestId('enter-board'));
  await page.getByTestId('entry').waitFor();
  // Each terrain's hexes together, as the tiles come off the table.
  for (const letter of ['F', 'P', 'W', 'H', 'M', 'D']) {
    await pick(page, taps, `terrain-${TERRAIN_NAME[letter]}`);
    for (const [cell, l] of [...BEGINNER].entries()) {
      if (l === letter) await tap(taps, page.locator(`[data-testid=entry-frame] g.hex[data-cell="${cell}"]`));
    }
  }
  // The terrain all laid, the tokens go by the letters from the corner where A lies.
  await pick(page, taps, 'spiral');
  await tap(taps, page.locator('[data-testid=entry-frame] g.spiral-start').first());
  for (const kind of ['3', 'F', 'P', 'W', 'H', 'M']) {
    await pick(page, taps, `harbour-${HARBOUR_RESOURCE[kind]}`);
    for (const [place, k] of HARBOURS.entries()) {
      if (k === kind) await tap(taps, page.locator(`[data-testid=entry-frame] g.harbour-place[data-place="${place}"]`));
    }
  }
  await tap(taps, page.getByTestId('entry-show'));
  return taps.count;
}

test('a whole base board is entered in at most 60 taps, and is then the command line\'s board', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await readBoard(page);
  await openTab(page, 'Board');
  const started = Date.now();
  const taps = await enterBeginnerBoard(page);
  const shown = await readBoard(page);
  const seconds = (Date.now() - started) / 1000;
  await writeReport('entry-taps', { taps, seconds, note: 'a script tapping; a person reads the table between taps' });
  assert.ok(taps <= 60, `${taps} taps`);
  assert.equal(shown.terrain, BEGINNER);
  assert.equal(await page.getByTestId('entry').count(), 0, 'the board is on screen again');
  // The link opens exactly this board: the command line reads the same board from it as
  // from the board typed, harbours and all, and scores it the same.
  const token = new URL(page.url()).searchParams.get('b');
  const typed = ['--terrain', shown.terrain, '--numbers', shown.numbers, '--harbours', HARBOURS.join(',')];
  const fromLink = JSON.parse(hexfair('score', '--token', token, '--format', 'json'));
  const fromTyped = JSON.parse(hexfair('score', ...typed, '--format', 'json'));
  assert.deepEqual(fromLink.by_seats, fromTyped.by_seats, 'the same spots, draft and fair start');
  assert.equal(fromLink.score, fromTyped.score);
  await openTab(page, 'Balance');
  // The page writes the score to three places, as the command line's text does.
  assert.equal(await page.getByTestId('score').textContent(), fromTyped.score.toFixed(3));
  // The rules the table picked that this board breaks are named; the rest it keeps.
  const notice = await page.getByTestId('notice').textContent();
  const check = (() => {
    try { return hexfair('check', ...typed); } catch (e) { return e.stdout; }
  })();
  if (/^ok/.test(check)) assert.match(notice, /keeps the rules you picked/);
  else assert.match(notice, /It breaks “.+” at row \d+ hex \d+ \(/, notice);
  // Each seat's chance, as `hexfair playtest` plays the same board typed.
  await openTab(page, 'Seats');
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  const wins = await page.getByTestId('verdict').getAttribute('data-wins');
  const native = JSON.parse(hexfair('playtest', ...typed, '--format', 'json'));
  assert.equal(wins, native.seats.map((s) => s.wins).join(','));
  assert.deepEqual(problems, []);
  await context.close();
});

test('what the box cannot make is refused at the tap, Undo takes taps back, and a reload keeps the entry', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await readBoard(page);
  await openTab(page, 'Board');
  await page.getByTestId('enter-board').click();
  await page.getByTestId('entry').waitFor();
  const hex = (cell) => page.locator(`[data-testid=entry-frame] g.hex[data-cell="${cell}"]`);
  const tool = (name) => page.locator(`.entry-tools .tool[data-tool="${name}"]`);
  await press(page, tool('terrain-desert'));
  await press(page, hex(0));
  assert.equal(await hex(0).getAttribute('data-terrain'), 'desert');
  // A second desert: refused, with the reason, and nothing changes.
  await press(page, tool('terrain-desert'));
  await press(page, hex(1));
  assert.match(await page.getByTestId('entry-refused').textContent(), /The box holds 1 × Desert, all on the board/);
  assert.equal(await hex(1).getAttribute('data-terrain'), '');
  assert.match(await page.getByTestId('entry-counts').textContent(), /hexes 1 of 19 · tokens 0 of 18 · harbours 0 of 9/);
  // A token on the desert: refused too.
  await press(page, tool('number-6'));
  await press(page, hex(0));
  assert.match(await page.getByTestId('entry-refused').textContent(), /Desert takes no number token/);
  // By keyboard: a hex is a button; Enter lays the piece picked.
  await press(page, tool('terrain-forest'));
  await hex(2).focus();
  await press(page, hex(2), () => page.keyboard.press('Enter'));
  assert.equal(await hex(2).getAttribute('data-terrain'), 'forest');
  // The screen written again, the keyboard is still on that hex: Tab goes on from it.
  assert.equal(await page.evaluate(() => document.activeElement.id), 'entry-hex-2');
  await press(page, page.locator('#entry-hex-3'), async () => {
    await page.keyboard.press('Tab');
    await page.keyboard.press(' ');
  });
  assert.equal(await hex(3).getAttribute('data-terrain'), 'forest', 'Tab, then Space, on the next hex');
  await press(page, page.getByTestId('entry-undo'));
  assert.match(await hex(2).getAttribute('aria-label'), /^Row \d, hex \d: Forest$/);
  // Reloaded half-way: the entry is as it was.
  await page.reload();
  await page.getByTestId('entry').waitFor();
  assert.equal(await hex(0).getAttribute('data-terrain'), 'desert');
  assert.equal(await hex(2).getAttribute('data-terrain'), 'forest');
  // Undo takes back the forest, then the desert; Leave drops the entry for good.
  await press(page, page.getByTestId('entry-undo'));
  assert.equal(await hex(2).getAttribute('data-terrain'), '');
  assert.equal(await hex(0).getAttribute('data-terrain'), 'desert');
  await page.getByTestId('entry-leave').click();
  await readBoard(page);
  await page.reload();
  await readBoard(page);
  assert.equal(await page.getByTestId('entry').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the entry screen at phone, landscape and desktop sizes in English and German: every target 44 px or more', async () => {
  const sizes = [
    ['phone', {}],
    ['landscape', { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
    ['desktop', DESKTOP],
  ];
  for (const locale of ['en-GB', 'de-DE']) {
    for (const [name, options] of sizes) {
      const { context, page, problems } = await openPage(browser, site.origin, {
        ...(name === 'phone' ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : options),
        locale,
      });
      await page.goto(site.url);
      await readBoard(page);
      await page.getByRole('tab').first().click();
      await page.getByTestId('enter-board').click();
      await page.getByTestId('entry').waitFor();
      // Some of it laid, so the shot shows pieces, blanks and counts.
      for (const cell of [0, 1, 2]) await press(page, page.locator(`[data-testid=entry-frame] g.hex[data-cell="${cell}"]`));
      const small = await page.evaluate(() => [...document.querySelectorAll('[data-testid=entry] [role=button], [data-testid=entry] .tool, [data-testid=entry] button')]
        .map((e) => ({ what: e.getAttribute('aria-label') || e.textContent.trim(), box: e.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ what, box }) => `${what}: ${Math.round(box.width)}×${Math.round(box.height)}`));
      assert.deepEqual(small, [], `${locale} ${name}: targets under 44 px`);
      // The frame is in sight whole, beside or above the pieces.
      const frame = await page.getByTestId('entry-frame').boundingBox();
      const viewport = page.viewportSize();
      assert.ok(frame.y >= 0 && frame.y + frame.height <= viewport.height + 1, `${locale} ${name}: frame in sight`);
      if (locale === 'de-DE') assert.match(await page.getByTestId('entry').textContent(), /Rückgängig|Wald/);
      await screenshot(page, `entry-${name}-${locale.slice(0, 2)}`, { fullPage: false });
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});
