// The app as a person uses it: load the page on a phone, see the board, tap Regenerate,
// reload, follow links, switch rules. Auto-waiting locators, no sleeps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, hexfair, nativeBoard, screenshot, openTab, PHONE, DESKTOP,
} from './harness.mjs';

shareSiteAndBrowser();

test('the page shows the whole base board with no console errors or foreign requests', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  const board = page.locator('svg.board');
  await board.waitFor();
  assert.equal(await board.locator('g.hex').count(), 19);
  assert.equal(await board.locator('g.token').count(), 18);
  assert.equal(await board.locator('g.harbour').count(), 9);
  assert.equal(await board.locator('g.robber').count(), 1);
  assert.equal(await board.locator('g.token[data-number="6"] text').first().getAttribute('fill'), '#c0141b');
  const desert = board.locator('g.hex[data-terrain="desert"]');
  assert.equal(await desert.count(), 1);
  assert.equal(await desert.getAttribute('data-number'), '');
  // Every hex carries its drawn icon, not colour alone.
  assert.equal(await board.locator('g.hex:has(> path)').count(), 19);
  await screenshot(page, 'phone');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the board is the one the native command line finds for the same seed', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  const shown = await readBoard(page);
  // The app's default is a balanced search: the native seat-fair search must find the same
  // board.
  const native = await nativeBoard(page, shown, '--layout', 'base', '--mode', 'balanced');
  assert.equal(shown.terrain, native.terrain);
  assert.equal(shown.numbers, native.numbers);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Regenerate shows a different board, and a reload shows the same one', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  const first = await readBoard(page);
  await page.getByRole('button', { name: 'Regenerate' }).tap();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed, first.seed);
  const second = await readBoard(page);
  assert.notDeepEqual([second.terrain, second.numbers], [first.terrain, first.numbers]);
  assert.match(page.url(), /\?b=3/, 'the address carries the board token');
  await page.reload();
  assert.deepEqual(await readBoard(page), second);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a shared link opens the same board in a new browser', async () => {
  const one = await openPage(browser, site.origin);
  await one.page.goto(site.url);
  const board = await readBoard(one.page);
  const link = one.page.url();
  const two = await openPage(browser, site.origin, DESKTOP);
  await two.page.goto(link);
  assert.deepEqual(await readBoard(two.page), board);
  await screenshot(two.page, 'desktop');
  assert.deepEqual([...one.problems, ...two.problems], []);
  await one.context.close();
  await two.context.close();
});

test('a malformed link shows a message and a fresh board, never a blank page', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(`${site.url}?v=1&seed=banana`);
  await page.getByTestId('message').waitFor();
  assert.match(await page.getByTestId('message').textContent(), /could not be read.*fresh board/);
  assert.equal(await page.locator('svg.board g.hex').count(), 19);
  assert.deepEqual(problems, []);
  await context.close();
});

test('switching a rule on changes what is generated, and the board obeys it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(`${site.url}?v=1&layout=base&seed=4&rules=no-adjacent-red`);
  const before = await readBoard(page);
  assert.match(hexfair('check', '--terrain', before.terrain, '--numbers', before.numbers, '--rule', 'no-adjacent-same-terrain'), /breaks no-adjacent-same-terrain/);
  // check() waits until the box shows checked, which it does once the state has the rule.
  await openTab(page, 'Rules');
  await page.getByLabel(/The same terrain never side by side/).check();
  const after = await readBoard(page);
  assert.equal(after.seed, before.seed);
  assert.match(hexfair('check', '--terrain', after.terrain, '--numbers', after.numbers, '--rule', 'no-adjacent-same-terrain'), /^ok/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link whose rules cannot be met names them and shows a fresh board', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(`${site.url}?v=1&layout=base&seed=4&rules=max-corner-pips=8`);
  await page.getByTestId('message').waitFor();
  assert.match(await page.getByTestId('message').textContent(), /No board for Base game \(3-4 players\) can keep “At most 8 pips at any corner”/);
  assert.equal(await page.locator('svg.board g.token').count(), 18);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a rule change that cannot be met names the conflict and leaves the board and the rules as they were', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  // 9 pips a corner is possible only with the desert off centre.
  await page.goto(`${site.url}?v=1&layout=base&seed=4&rules=no-adjacent-red,max-corner-pips=9`);
  const before = await readBoard(page);
  await openTab(page, 'Rules');
  await page.getByLabel(/The desert in the middle/).click();
  await page.getByTestId('message').waitFor();
  assert.match(await page.getByTestId('message').textContent(), /“At most 9 pips at any corner” and “The desert in the middle” together/);
  // Said once, right above the tabs: not again inside the Rules panel.
  assert.equal(await page.getByText(/together\. The board on screen is unchanged/).count(), 1);
  assert.match(await page.getByTestId('message').textContent(), /unchanged/);
  assert.deepEqual(await readBoard(page), before);
  assert.equal(await page.getByLabel(/The desert in the middle/).isChecked(), false);
  assert.deepEqual(problems, []);
  await context.close();
});

const LANDSCAPE = { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

test('a seed link whose rules no board keeps shows its rules, says what stands in, and goes when a rule is changed', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(`${site.url}?v=1&layout=base&seed=11&rules=no-adjacent-same-terrain,no-adjacent-lumber-brick,desert-center`);
  const message = page.getByTestId('message');
  await message.waitFor();
  const said = await message.textContent();
  assert.match(said, /can keep .* together, so no board was drawn for this link; this one has the usual settings\. Change a rule to try again\./);
  assert.doesNotMatch(said, /unchanged/);
  await openTab(page, 'Rules');
  // The link's rules, ticked, so one can be switched off; the message once, above the tabs.
  for (const rule of ['no-adjacent-same-terrain', 'no-adjacent-lumber-brick', 'desert-center']) {
    assert.equal(await page.locator(`#rule-${rule}`).isChecked(), true, rule);
  }
  assert.equal(await page.locator('#rule-no-adjacent-red').isChecked(), false);
  assert.equal(await page.getByText(/so no board was drawn for this link/).count(), 1);
  await screenshot(page, 'impossible-link-phone');
  await page.locator('#rule-desert-center').uncheck();
  await message.waitFor({ state: 'detached' });
  const board = await readBoard(page);
  assert.equal(board.seed, '11');
  assert.equal(await page.getByTestId('message').count(), 0, 'the two other rules are kept together');
  assert.equal(await page.locator('#rule-no-adjacent-same-terrain').isChecked(), true);
  assert.equal(await page.locator('#rule-desert-center').isChecked(), false);
  assert.match(hexfair('check', '--terrain', board.terrain, '--numbers', board.numbers, '--no-rule', 'no-adjacent-red', '--rule', 'no-adjacent-same-terrain', '--rule', 'no-adjacent-lumber-brick'), /^ok/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link or a seed that cannot be read says what is wrong with it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await readBoard(page);
  const token = new URL(page.url()).searchParams.get('b');
  const largest = '18,446,744,073,709,551,615';
  for (const [query, said] of [
    [`b=${token.slice(0, -1)}`, /could not be read \(it is cut short or changed at its end\)/],
    ['b=', /could not be read \(it has no board after “b=”\)/],
    ['v=1&layout=base&seed=99999999999999999999999', new RegExp(`its seed is larger than the largest, ${largest}`)],
  ]) {
    await page.goto(`${site.url}?${query}`);
    await page.getByTestId('message').waitFor();
    const text = await page.getByTestId('message').textContent();
    assert.match(text, said, query);
    assert.doesNotMatch(text, /past the end|not a whole number|version/, query);
  }
  // A link from a newer version is told apart from a damaged one, in the page's words.
  for (const [query, said] of [
    ['v=2&seed=5', /could not be read \(it names something this version does not know: it may come from a newer Hexfair\)/],
    ['v=1&layout=base&seed=-5', /could not be read \(it was changed or damaged\)/],
  ]) {
    await page.goto(`${site.url}?${query}`);
    await page.getByTestId('message').waitFor();
    assert.match(await page.getByTestId('message').textContent(), said, query);
  }
  await openTab(page, 'Board');
  const seed = page.getByLabel('Seed', { exact: true });
  for (const [typed, said] of [
    ['99999999999999999999999', new RegExp(`“99999999999999999999999” is too large for a seed: the largest is ${largest}\\.`)],
    ['', /^Type a seed first: a whole number, like 4242\.$/],
  ]) {
    await seed.fill(typed);
    await page.getByRole('button', { name: 'Go' }).tap();
    await page.getByTestId('message').getByText(said).waitFor();
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link naming an unknown rule says so briefly, and the message can be put away with the board kept', async () => {
  for (const [view, options] of [['phone', PHONE], ['landscape', LANDSCAPE]]) {
    const { context, page, problems } = await openPage(browser, site.origin, options);
    await page.goto(`${site.url}?v=1&layout=base&seed=5&rules=foo`);
    const message = page.getByTestId('message');
    await message.waitFor();
    const text = await message.textContent();
    assert.match(text, /could not be read \(it names a rule this version does not know, “foo”\), so here is a fresh board/);
    assert.doesNotMatch(text, /max-corner-pips|expected one of/);
    const board = await readBoard(page);
    const settings = await page.locator('.settings').boundingBox();
    assert.ok(settings.height >= 100, `${view}: the settings ${settings.height} px tall`);
    const box = await message.boundingBox();
    assert.ok(box.height <= 90, `${view}: the message ${box.height} px tall`);
    await screenshot(page, `bad-rule-${view}`, { fullPage: false });
    await page.getByRole('button', { name: 'Dismiss this message' }).tap();
    await message.waitFor({ state: 'detached' });
    assert.deepEqual(await readBoard(page), board, 'the board stays');
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('balance modes: unbalanced scores higher than balanced, and the target dial lands near it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  const score = async () => Number(await page.getByTestId('score').textContent());
  // The score is in the Balance tab's panel, which has content only while open.
  await openTab(page, 'Balance');
  const balanced = await score();
  await page.getByLabel(/Unbalanced/).check();
  await page.waitForFunction((b) => Number(document.querySelector('[data-testid=score]').textContent) > b + 0.3, balanced);
  const unbalanced = await score();
  assert.ok(unbalanced > 0.5, `unbalanced ${unbalanced}`);
  await page.getByLabel('Target score').fill('30');
  await page.getByLabel('Target score').dispatchEvent('change');
  await page.waitForFunction(() => Math.abs(Number(document.querySelector('[data-testid=score]').textContent) - 0.3) < 0.02);
  assert.match(page.url(), /b=3/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('every layout renders with its hex count', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await openTab(page, 'Board');
  const counts = { 'base': 19, 'five-six': 30, 'new-shores-4': 42, 'new-shores-5-6': 56, 'new-world': 42, 'new-world-five-six': 63, 'mcguire': 19 };
  for (const [layout, hexes] of Object.entries(counts)) {
    await page.getByTestId('layout').selectOption(layout);
    await page.waitForFunction((n) => document.querySelectorAll('svg.board g.hex').length === n, hexes);
    const tokens = await page.locator('svg.board g.token').count();
    const numbered = await page.locator('svg.board g.hex[data-number]:not([data-number=""])').count();
    assert.equal(tokens, numbered, layout);
    await screenshot(page, `phone-${layout}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('lock keeps the locked hexes while the rest regenerates; Back returns', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  const first = await readBoard(page);
  // Lock three hexes by tapping them (one by keyboard).
  for (const cell of [0, 9]) await page.locator(`svg.board g.hex[data-cell="${cell}"]`).tap();
  await page.locator('svg.board g.hex[data-cell="18"]').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('svg.board g.hex[data-locked="true"]').count(), 3);
  const kept = [0, 9, 18];
  for (let i = 0; i < 3; i++) {
    const before = await readBoard(page);
    await page.getByTestId('regenerate').tap();
    await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed, before.seed);
    const after = await readBoard(page);
    const numbers = (b) => b.numbers.split(',');
    for (const cell of kept) {
      assert.equal(after.terrain[cell], first.terrain[cell], `terrain of locked hex ${cell}`);
      assert.equal(numbers(after)[cell], numbers(first)[cell], `token of locked hex ${cell}`);
    }
    assert.match(hexfair('check', '--terrain', after.terrain, '--numbers', after.numbers), /^ok/);
  }
  // Back walks the history.
  const latest = await readBoard(page);
  await page.getByRole('button', { name: /Back to the previous board/ }).tap();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed, latest.seed);
  assert.notEqual((await readBoard(page)).seed, latest.seed);
  await screenshot(page, 'phone-locked');
  assert.deepEqual(problems, []);
  await context.close();
});

// A seed link's board is searched for while another board stands in for it; that board is
// no one's choice, so Back never shows it: a seed link and a board link both arrive with
// nothing earlier, and Back after Regenerate returns to the linked board, whose link the
// address bar carries again. The app keeps one history entry (each board replaces the
// address), so the browser's own Back leaves the page as from any other.
test('Back after a seed link or a board link returns to the linked board, and never to a board no one asked for', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(`${site.url}?v=1&layout=five-six&seed=11`);
  await page.locator('svg.board g.hex').nth(29).waitFor();
  const token = page.url();
  for (const link of [`${site.url}?v=1&layout=five-six&seed=11`, token]) {
    await page.goto(link);
    await page.locator('svg.board g.hex').nth(29).waitFor();
    const linked = await readBoard(page);
    const address = page.url();
    assert.equal(address, token, `${link}: the address carries the board's token`);
    const back = page.getByRole('button', { name: /^Back/ });
    assert.equal(await back.getAttribute('aria-disabled'), 'true', `${link}: nothing earlier than the linked board`);
    await back.tap({ force: true });
    assert.match(await page.getByTestId('notice').textContent(), /No earlier board yet/);
    assert.deepEqual(await readBoard(page), linked);
    const entries = await page.evaluate(() => history.length);
    await page.getByTestId('regenerate').tap();
    await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed, linked.seed);
    await readBoard(page);
    assert.equal(await page.evaluate(() => history.length), entries, 'a new board replaces the address, adding no history entry');
    await page.getByRole('button', { name: /Back to the previous board/ }).tap();
    await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() === seed, linked.seed);
    assert.deepEqual(await readBoard(page), linked, `${link}: Back shows the linked board`);
    await page.waitForFunction((url) => location.href === url, address);
    assert.equal(await back.getAttribute('aria-disabled'), 'true', `${link}: and nothing before it`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a seed typed in gives the board the command line gives for it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await openTab(page, 'Board');
  await page.getByLabel('Seed', { exact: true }).fill('4242');
  await page.getByRole('button', { name: 'Go' }).tap();
  await page.waitForFunction(() => document.querySelector('[data-testid=seed]').textContent.trim() === '4242');
  assert.match(await page.getByTestId('notice').textContent(), /Seed 4242 with your settings: Base game \(3-4 players\), “Balanced”, 1 rule\./);
  const shown = await readBoard(page);
  const native = await nativeBoard(page, shown, '--mode', 'balanced');
  assert.equal(shown.terrain, native.terrain);
  await page.getByLabel('Seed', { exact: true }).fill('forty');
  await page.getByRole('button', { name: 'Go' }).tap();
  await page.getByTestId('message').getByText('a seed is a whole number').waitFor();
  assert.equal((await readBoard(page)).seed, '4242');
  assert.deepEqual(problems, []);
  await context.close();
});

test('turn, heat map with a tapped spot, and the fair start overlay', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  const hex0 = async () => page.locator('svg.board g.hex[data-cell="0"] polygon').first().getAttribute('points');
  const upright = await hex0();
  await page.getByRole('button', { name: 'Turn the board' }).tap();
  await page.waitForFunction((p) => document.querySelector('svg.board g.hex[data-cell="0"] polygon').getAttribute('points') !== p, upright);
  await openTab(page, 'Balance');
  await page.getByLabel(/Pips at each settlement spot/).check();
  assert.equal(await page.locator('svg.board g.heat g.spot').count(), 54);
  const spot = page.locator('svg.board g.spot').first();
  const pips = await spot.getAttribute('data-pips');
  await spot.tap();
  await page.getByTestId('spot-detail').waitFor();
  assert.match(await page.getByTestId('spot-detail').textContent(), new RegExp(`${pips} pips`));
  await screenshot(page, 'phone-heat');
  await page.getByLabel(/A fair start/).check();
  assert.equal(await page.locator('svg.board g.fair-start g.settlement').count(), 8);
  const seats = await page.locator('svg.board g.settlement').evaluateAll((els) => els.map((e) => e.dataset.seat).sort().join(''));
  assert.equal(seats, '11223344');
  await screenshot(page, 'phone-fair-start');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Share copies the link, and PNG export downloads a picture', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, { ...PHONE, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  await page.goto(site.url);
  await readBoard(page);
  await page.getByRole('button', { name: 'Share this board' }).tap();
  await page.getByTestId('notice').waitFor();
  const notice = await page.getByTestId('notice').textContent();
  if (notice.includes('copied')) {
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
  } else {
    assert.match(notice, /Shared|Not shared/);
  }
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download the board as a PNG/ }).tap();
  const file = await download;
  assert.match(file.suggestedFilename(), /^hexfair-base-\d+\.png$/);
  const path = await file.path();
  const bytes = await (await import('node:fs/promises')).readFile(path);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  assert.ok(bytes.length > 20000, `a real picture, ${bytes.length} bytes`);
  // Width and height from the IHDR chunk: twice the board's size.
  assert.ok(bytes.readUInt32BE(16) > 800 && bytes.readUInt32BE(20) > 800);
  assert.deepEqual(problems, []);
  await context.close();
});

test('after a first visit the page reloads and works offline', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  assert.equal(await page.evaluate(() => window.hexfairOffline), true, 'the app files are cached');
  const shown = await readBoard(page);
  await context.setOffline(true);
  await page.reload();
  assert.deepEqual(await readBoard(page), shown, 'the same board, from the cache');
  await page.getByTestId('regenerate').tap();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed, shown.seed);
  await context.setOffline(false);
  assert.deepEqual(problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), []);
  await context.close();
});

test('print shows the board alone', async () => {
  const { context, page } = await openPage(browser, site.origin, DESKTOP);
  await page.goto(site.url);
  await readBoard(page);
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('.settings').isVisible(), false);
  assert.equal(await page.locator('.actions').isVisible(), false);
  assert.equal(await page.locator('svg.board').isVisible(), true);
  await context.close();
});

test('every rule toggle changes what is generated, and the board obeys it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  const rules = [
    ['no-adjacent-extreme', 'no-adjacent-extreme'],
    ['no-adjacent-same-number', 'no-adjacent-same-number'],
    ['no-adjacent-same-terrain', 'no-adjacent-same-terrain'],
    ['no-adjacent-lumber-brick', 'no-adjacent-lumber-brick'],
    ['red-on-distinct-resources', 'red-on-distinct-resources'],
    ['distinct-numbers-per-resource', 'distinct-numbers-per-resource'],
    ['max-corner-pips', 'max-corner-pips=12'],
    ['min-resource-pips', 'min-resource-pips=8'],
    ['desert-center', 'desert-center'],
    ['max-terrain-cluster', 'max-terrain-cluster=2'],
  ];
  let changed = 0;
  for (const [kind, rule] of rules) {
    await page.goto(`${site.url}?v=1&layout=base&seed=11&rules=no-adjacent-red`);
    const before = await readBoard(page);
    await openTab(page, 'Rules');
    await page.locator(`#rule-${kind}`).check();
    const after = await readBoard(page);
    assert.equal(after.seed, before.seed);
    assert.match(hexfair('check', '--terrain', after.terrain, '--numbers', after.numbers, '--rule', rule), /^ok/, rule);
    const brokeBefore = !/^ok/.test(hexfair('check', '--terrain', before.terrain, '--numbers', before.numbers, '--rule', rule));
    if (brokeBefore) {
      assert.notDeepEqual([after.terrain, after.numbers], [before.terrain, before.numbers], `${rule} changed the board`);
      changed += 1;
    }
  }
  assert.ok(changed >= 5, `most rules broke the unconstrained board and so changed it (${changed})`);
  assert.deepEqual(problems, []);
  await context.close();
});
