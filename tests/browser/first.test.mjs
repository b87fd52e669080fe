// A board at once: a first visit shows one of the release's boards drawn ahead by the engine
// before the app has loaded, and the app adopts it (the same board, seed and link) where it
// stands. A visit with a board link shows that link's board, drawn by a module of its own
// before the app; never one drawn ahead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  shareSiteAndBrowser, site, browser, openPage, readBoard, hexfair, screenshot, axe, ROOT, PHONE,
} from './harness.mjs';

shareSiteAndBrowser();

const phone = (width, height) => ({ ...PHONE, viewport: { width, height } });
const VIEWS = {
  'phone-390': phone(390, 844),
  'phone-320': phone(320, 568),
  'landscape-844': phone(844, 390),
  'tablet-820': phone(820, 1180),
  'desktop-1280': { viewport: { width: 1280, height: 900 } },
};

/** The release's boards drawn ahead, as dist/ holds them, in their order. */
async function drawnAhead() {
  const dist = join(ROOT, 'dist');
  const names = (await readdir(dist)).filter((name) => /^first-board-\d+-[0-9a-f]{16}\.json$/.test(name));
  names.sort((a, b) => Number(a.split('-')[2]) - Number(b.split('-')[2]));
  return Promise.all(names.map(async (name) => ({ name, ...JSON.parse(await readFile(join(dist, name), 'utf8')) })));
}

/** The hexes of the board in `selector`, as the picture marks them. */
function hexesOf(page, selector) {
  return page.evaluate((selector) => [...document.querySelectorAll(`${selector} g.hex`)]
    .sort((a, b) => Number(a.dataset.cell) - Number(b.dataset.cell))
    .map((h) => `${h.dataset.letter}${h.dataset.number ?? '-'}`).join(' '), selector);
}

function boxOf(page, selector) {
  return page.evaluate((selector) => {
    const r = document.querySelector(selector).getBoundingClientRect();
    return [r.x, r.y, r.width, r.height];
  }, selector);
}

/** Opens the site with the app's wasm held back until the returned function is called. */
async function openHeld(options, path = '', before = async () => {}) {
  const opened = await openPage(browser, site.origin, options);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await opened.page.route(/hexfair-web-[0-9a-f]+_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  await before(opened.page);
  await opened.page.goto(site.url + path, { waitUntil: 'domcontentloaded' });
  return { ...opened, release };
}

test('the release holds sixteen boards drawn ahead, each the command line\'s balanced board for its seed, its link the command line\'s', async () => {
  const boards = await drawnAhead();
  assert.equal(boards.length, 16);
  const page = await (await fetch(site.url)).text();
  assert.match(page, /<meta name="hexfair-first-boards" content="16" \/>/);
  assert.equal(new Set(boards.map((b) => b.seed)).size, 16, 'sixteen seeds');
  assert.equal(new Set(boards.map((b) => b.link)).size, 16, 'sixteen boards');
  for (const [i, { name, seed, link, svg, next }] of boards.entries()) {
    assert.equal(next, boards[(i + 1) % boards.length].link, `${name}: the first Regenerate's board is the next one`);
    assert.ok(seed < 1e9, `${name}: a seed below a billion, as the app's (${seed})`);
    const native = JSON.parse(hexfair('generate', '--seed', String(seed), '--mode', 'balanced', '--play-games', '0', '--format', 'json'));
    assert.equal(link, `b=${native.share_token}`, name);
    assert.equal(svg, hexfair('generate', '--seed', String(seed), '--mode', 'balanced', '--play-games', '0', '--format', 'svg'), name);
  }
});

for (const [view, options] of Object.entries(VIEWS)) {
  test(`${view}: a board drawn ahead shows before the app, and the app takes it over where it stands`, async () => {
    const { context, page, problems, release } = await openHeld(options);
    const first = page.getByTestId('first-board');
    await first.waitFor();
    assert.equal(await page.locator('svg.first-board g.hex').count(), 19);
    assert.equal(await page.getByTestId('regenerate').count(), 0, 'not the app\'s Regenerate yet');
    assert.ok(await page.getByTestId('first-regenerate').isVisible(), 'the loading view\'s');
    assert.ok(await page.getByText('Loading the rest of Hexfair…').isVisible());
    assert.deepEqual(await axe(page), [], 'the loading view passes axe');
    const hexes = await hexesOf(page, 'svg.first-board');
    const before = await boxOf(page, 'svg.first-board');
    assert.ok(before[2] > 200 && before[3] > 150, `a board a table can read: ${before}`);
    await screenshot(page, `first-${view}`, { fullPage: false });
    release();
    const shown = await readBoard(page);
    const after = await boxOf(page, 'svg.board');
    for (let i = 0; i < 4; i++) {
      assert.ok(Math.abs(before[i] - after[i]) <= 1, `the board stays where it was: ${before} then ${after}`);
    }
    assert.equal(await hexesOf(page, 'svg.board'), hexes, 'the same board');
    const boards = await drawnAhead();
    const adopted = boards.find((b) => String(b.seed) === shown.seed);
    assert.ok(adopted, `the seed on screen (${shown.seed}) is a drawn-ahead board's`);
    assert.equal(new URL(page.url()).search, `?${adopted.link}`, 'the address carries its link');
    assert.equal(await page.getByTestId('message').count(), 0, 'nothing to say about it');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('first visits see different boards drawn ahead; the first Regenerate shows the next one drawn ahead, the second a fresh one', async () => {
  const seen = new Set();
  for (let i = 0; i < 6; i++) {
    const { context, page, problems } = await openPage(browser, site.origin, PHONE);
    await page.goto(site.url);
    const { seed } = await readBoard(page);
    seen.add(seed);
    if (i === 0) {
      // The first tap shows the board drawn ahead after this one, the next a fresh one: each
      // the engine's for its seed.
      const boards = await drawnAhead();
      const at = boards.findIndex((b) => String(b.seed) === seed);
      let before = seed;
      for (const expected of [String(boards[(at + 1) % boards.length].seed), null]) {
        await page.getByTestId('regenerate').click();
        await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent !== seed
          && document.querySelector('main').dataset.searching === 'false', before);
        const next = await readBoard(page);
        if (expected) assert.equal(next.seed, expected);
        const native = JSON.parse(hexfair('generate', '--seed', next.seed, '--mode', 'balanced', '--play-games', '0', '--format', 'json'));
        assert.equal(next.terrain, native.terrain, 'the engine\'s board for its seed');
        assert.equal(next.numbers, native.numbers);
        before = next.seed;
      }
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  // Sixteen boards, picked at random: six visits see one board alone once in a million.
  assert.ok(seen.size >= 2, `six first visits, ${seen.size} boards`);
});

// A shared link's board (?b=) is drawn by the linked board's module (src/bin/hexfair-link.rs)
// before the app: a board of the base game and one of Seafarers with its fog, at a phone's
// size and a landscape phone's.
for (const view of ['phone-390', 'landscape-844']) {
  test(`${view}: a shared link's board is drawn before the app, and it is the board the app then shows where it stands`, async () => {
    const [, base] = await drawnAhead();
    const fog = JSON.parse(hexfair('generate', '--layout', 'fog-islands-4', '--seed', '11', '--play-games', '0', '--format', 'json'));
    for (const [what, token, seed] of [
      ['a base board', new URLSearchParams(base.link).get('b'), String(base.seed)],
      ['The Fog Islands', fog.share_token, String(fog.seed)],
    ]) {
      const { context, page, problems, release } = await openHeld(VIEWS[view], `?b=${token}`);
      await page.getByTestId('first-board').waitFor();
      assert.ok(await page.getByText('Loading the rest of Hexfair…').isVisible(), `${what}: the status says the rest is on its way`);
      assert.ok(await page.getByTestId('first-regenerate').isHidden(), `${what}: Regenerate waits for the app, which searches under the link's settings`);
      assert.equal(await page.evaluate(() => window.hexfairFirstLink), undefined, `${what}: nothing for the app to adopt but its own link`);
      const hexes = await hexesOf(page, 'svg.first-board');
      const before = await boxOf(page, 'svg.first-board');
      await screenshot(page, `first-linked-${view}-${seed}`, { fullPage: false });
      release();
      const shown = await readBoard(page);
      assert.equal(shown.seed, seed, `${what}: the link's board`);
      assert.equal(await hexesOf(page, 'svg.board'), hexes, `${what}: the board drawn first is the app's`);
      const after = await boxOf(page, 'svg.board');
      for (let i = 0; i < 4; i++) {
        assert.ok(Math.abs(before[i] - after[i]) <= 1, `${what}: the board stays where it was: ${before} then ${after}`);
      }
      assert.equal(new URL(page.url()).searchParams.get('b'), token, `${what}: the address keeps its link`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
}

test('a damaged link draws nothing before the app, which says why', async () => {
  const [board] = await drawnAhead();
  const token = new URLSearchParams(board.link).get('b');
  const damaged = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
  const { context, page, problems, release } = await openHeld(PHONE, `?b=${damaged}`);
  // Its module has had its chance once the page's own module is asked for.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /hexfair-link-[0-9a-f]{16}_bg\.wasm$/.test(e.name) && e.responseEnd > 0));
  await page.waitForTimeout(300);
  assert.equal(await page.getByTestId('first-board').count(), 0, 'no board for a link that cannot be read');
  // The loading view keeps a board's room, so the board that comes moves nothing below it.
  const waiting = await boxOf(page, 'svg.loading-hexes');
  release();
  await readBoard(page);
  const room = await boxOf(page, 'svg.board');
  for (let i = 0; i < 3; i++) assert.ok(Math.abs(waiting[i] - room[i]) <= 1, `the loading view's room is the board's: ${waiting} then ${room}`);
  assert.ok(Math.abs(waiting[3] - room[3]) <= 12, `and as high, within a harbour's difference: ${waiting} then ${room}`);
  assert.match(await page.getByTestId('message').textContent(), /could not be read/, 'the app says the link could not be read');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a seed link shows no board drawn ahead, only the link\'s, and a German phone is told in German', async () => {
  const [board] = await drawnAhead();
  const link = new URLSearchParams(board.link).get('b');
  const { context, page, problems, release } = await openHeld({ ...PHONE, locale: 'de-DE' }, '?v=1&layout=base&seed=3');
  await page.getByText('Der Spielplan wird ausgelegt…').waitFor();
  assert.equal(await page.getByTestId('first-board').count(), 0);
  release();
  assert.equal((await readBoard(page)).seed, '3');
  await page.goto(`${site.url}?b=${link}`);
  assert.equal((await readBoard(page)).seed, String(board.seed));
  assert.deepEqual(problems, []);
  await context.close();
  const german = await openHeld({ ...PHONE, locale: 'de-DE' });
  await german.page.getByTestId('first-board').waitFor();
  await german.page.getByText('Der Rest von Hexfair lädt…').waitFor();
  assert.equal(await german.page.getByTestId('first-regenerate').textContent(), 'Neu mischen');
  german.release();
  await readBoard(german.page);
  assert.deepEqual(german.problems, []);
  await german.context.close();
});

test('before the app, Regenerate shows the next board drawn ahead, and the app adopts it and shows the one after at its own first Regenerate', async () => {
  const boards = await drawnAhead();
  const { context, page, problems, release } = await openHeld(PHONE);
  await page.getByTestId('first-board').waitFor();
  const link = () => page.evaluate(() => window.hexfairFirstLink);
  const index = boards.map((b) => b.link).indexOf(await link());
  assert.ok(index >= 0, 'a board drawn ahead is shown');
  const hexes = await hexesOf(page, 'svg.first-board');
  await page.getByTestId('first-regenerate').click();
  const next = boards[(index + 1) % boards.length];
  await page.waitForFunction((next) => window.hexfairFirstLink === next, next.link);
  assert.notEqual(await hexesOf(page, 'svg.first-board'), hexes, 'another board on screen');
  release();
  const shown = await readBoard(page);
  assert.equal(shown.seed, String(next.seed), 'the app adopts the board on screen');
  assert.equal(new URL(page.url()).search, `?${next.link}`);
  await page.getByTestId('regenerate').click();
  const after = boards[(index + 2) % boards.length];
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent === seed, String(after.seed));
  assert.deepEqual(problems, []);
  await context.close();
});

test('a tap on the loading view\'s Regenerate holds when the app starts before the next board\'s picture arrives', async () => {
  const boards = await drawnAhead();
  // The first board drawn ahead comes; the others are held back until the end.
  let releaseBoards;
  const heldBoards = new Promise((resolve) => { releaseBoards = resolve; });
  let first = null;
  const holdBoards = (page) => page.route(/first-board-\d+-[0-9a-f]+\.json$/, async (route) => {
    first ??= route.request().url();
    if (route.request().url() !== first) await heldBoards;
    await route.continue();
  });
  const { context, page, problems, release } = await openHeld(PHONE, '', holdBoards);
  await page.getByTestId('first-board').waitFor();
  const index = boards.map((b) => b.link).indexOf(await page.evaluate(() => window.hexfairFirstLink));
  const hexes = await hexesOf(page, 'svg.first-board');
  await page.getByTestId('first-regenerate').click();
  assert.equal(await hexesOf(page, 'svg.first-board'), hexes, 'its picture is held back');
  release();
  const shown = await readBoard(page);
  assert.equal(shown.seed, String(boards[(index + 1) % boards.length].seed), 'the app shows the board the tap asked for');
  releaseBoards();
  assert.deepEqual(problems, []);
  await context.close();
});
