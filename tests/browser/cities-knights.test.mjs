// A Cities & Knights table (issue 30), on a phone: the option is shown beside the rules with
// a line saying what it changes, the link remembers it (a reload keeps it), the Seats tab's
// draft takes the command line's C&K values for the link, and no simulated chances are
// shown for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, hexfair, openTab, screenshot,
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

  await page.reload();
  assert.equal(tokenOf(page), token);
  await openTab(page, 'Rules');
  assert.equal(await page.getByTestId('cities-knights').isChecked(), true, 'remembered');
  await openTab(page, 'Seats');
  assert.deepEqual(await barValues(page), bars);
  assert.deepEqual(problems, []);
  await context.close();
});
