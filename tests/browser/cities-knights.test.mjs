// A Cities & Knights table, on a phone: the option is shown beside the rules with a line
// saying what it changes, the link remembers it (a reload keeps it), the Seats tab's draft
// takes the command line's C&K values for the link, the fair start is a settlement and a
// city a seat, and no simulated chances are shown for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, hexfair, openTab, screenshot, PHONE,
} from './harness.mjs';

shareSiteAndBrowser();

/** The board token in the address bar. */
const tokenOf = (page) => new URL(page.url()).searchParams.get('b');

/** The snake-draft bars' values. */
const barValues = (page) => page.locator('[data-testid=seats] .bar .bar-value')
  .evaluateAll((els) => els.map((e) => Number(e.textContent)));

test('the Cities & Knights option is shown, remembered in the link and changes the Seats tab', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await openTab(page, 'Seats');
  await page.getByTestId('chances').waitFor();
  const baseToken = tokenOf(page);
  const baseBars = await barValues(page);
  const base = JSON.parse(hexfair('score', '--token', baseToken, '--format', 'json'));
  assert.deepEqual(baseBars, base.snake_draft.seats.map((s) => s.value));

  await openTab(page, 'Rules');
  const option = page.getByTestId('cities-knights');
  assert.equal(await option.isChecked(), false);
  assert.match(await page.locator('.game-option').textContent(), /Cities & Knights.*a settlement and a city/);
  await option.check();
  await page.waitForFunction((t) => new URL(location.href).searchParams.get('b') !== t, baseToken);
  const token = tokenOf(page);
  const native = JSON.parse(hexfair('score', '--token', token, '--format', 'json'));
  const drafted = native.snake_draft.seats;
  assert.ok(drafted.every((s) => s.pieces.join() === 'settlement,city'), 'the link is a C&K table');

  await openTab(page, 'Seats');
  await page.getByText('Cities & Knights games are not simulated yet').waitFor();
  assert.equal(await page.getByTestId('chances').count(), 0, 'no simulated chances');
  const bars = await barValues(page);
  assert.deepEqual(bars, drafted.map((s) => s.value), 'the draft as the command line values the link');
  assert.ok(Math.min(...bars) > Math.max(...baseBars), 'a settlement and a city outweigh two settlements');
  await screenshot(page, 'phone-cities-knights-seats');
  // The fair start: a settlement and a city a seat, so worded and drawn.
  const toggle = page.getByTestId('fair-start-toggle');
  assert.match(await toggle.locator('xpath=..').textContent(), /a settlement and a city for each of the 4 seats/);
  await toggle.check();
  await page.locator('svg.board g.fair-start').waitFor();
  assert.equal(await page.locator('svg.board g.fair-start g.settlement').count(), 4);
  assert.equal(await page.locator('svg.board g.fair-start g.city').count(), 4);
  await screenshot(page, 'phone-cities-knights-fair-start');
  await toggle.uncheck();

  await page.reload();
  assert.equal(tokenOf(page), token);
  await openTab(page, 'Rules');
  assert.equal(await page.getByTestId('cities-knights').isChecked(), true, 'remembered');
  await openTab(page, 'Seats');
  assert.deepEqual(await barValues(page), bars);
  assert.deepEqual(problems, []);
  await context.close();
});

// The build guide of a C&K link ends with the barbarian tile beside the board and the
// opening of a settlement and a city, on screen and on the print sheet, in the page's
// language; the same board's base-game link has no such step.
const GUIDE_C_K = {
  'en-GB': {
    heading: 'Cities & Knights', barbarians: /barbarian tile beside the board/, city: /in reverse order, a city/,
    titles: ['Setting up the base game for 4 players', 'Setting up the base game with Cities & Knights for 4 players'],
  },
  'de-DE': {
    heading: 'Städte & Ritter', barbarians: /Barbarenleiste neben den Spielplan/, city: /umgekehrter Reihenfolge, eine Stadt/,
    titles: ['Aufbau des Basisspiels für 4 Spieler', 'Aufbau des Basisspiels mit Städte & Ritter für 4 Spieler'],
  },
};
for (const [locale, want] of Object.entries(GUIDE_C_K)) {
  test(`${locale}: the guide of a Cities & Knights link ends with the barbarian tile, on screen and in print`, async () => {
    const generated = (expansion) => JSON.parse(hexfair('generate', '--seed', '11', '--format', 'json',
      '--expansion', expansion)).share_token;
    const { context, page, problems } = await openPage(browser, site.origin, { ...PHONE, locale });
    const lastStep = async (token) => {
      await page.goto(`${site.url}?b=${token}`);
      await page.getByTestId('guide-open').click();
      await page.getByTestId('guide-count').waitFor({ timeout: 30_000 });
      const title = (await page.locator('.guide-title').textContent()).trim();
      const count = await page.getByTestId('guide-count').textContent();
      const total = Number(count.match(/(\d+)\D*$/)[1]);
      for (let i = 1; i < total; i++) await page.keyboard.press('ArrowRight');
      await page.getByTestId('guide-count').getByText(new RegExp(`${total}\\D*${total}`)).waitFor();
      return {
        title,
        total,
        heading: (await page.getByTestId('guide-heading').textContent()).trim(),
        lines: await page.locator('[data-testid=guide-lines] li').allTextContents(),
      };
    };
    const base = await lastStep(generated('base-game'));
    const ck = await lastStep(generated('cities-and-knights'));
    assert.equal(ck.total, base.total + 1, 'one step more');
    // The title names the game once, as a player says it, and the expansion the table plays.
    assert.deepEqual([base.title, ck.title], want.titles);
    assert.notEqual(base.heading, want.heading);
    assert.equal(ck.heading, want.heading);
    assert.match(ck.lines[0], want.barbarians);
    assert.match(ck.lines[1], want.city);
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('[data-testid=print-checklist] > ol > li');
    await printed.first().waitFor();
    assert.equal(await printed.count(), ck.total);
    assert.match(await printed.last().textContent(), want.barbarians);
    await page.emulateMedia({ media: 'screen' });
    assert.deepEqual(problems, []);
    await context.close();
  });
}
