// The board as a player at the table sees it: numerals read from across the table, terrain
// drawn as icons, pinch-zoom and pan, double-tap, table mode, a spot's details beside the
// spot, and a board a keyboard and a screen reader can use. Figures land in
// tests/browser/screenshots/board.json.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { site, browser, shareSiteAndBrowser, openPage, readBoard, screenshot, writeReport, openTab, DESKTOP } from './harness.mjs';

const figures = {};

shareSiteAndBrowser();
after(() => writeReport('board', figures));

const touch = (width, height) => ({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
const VIEWPORTS = {
  'phone-390x844': touch(390, 844),
  'phone-320x568': touch(320, 568),
  'phone-360x740': touch(360, 740),
  'phone-430x932': touch(430, 932),
  'landscape-844x390': touch(844, 390),
  'tablet-820x1180': touch(820, 1180),
  'desktop-1280x900': DESKTOP,
};
const LARGEST = ['five-six', 'seafarers-five-six', 'new-world-five-six'];

/** Sizes on screen (CSS px): the smallest token numeral, the smallest text of any kind. */
async function textSizes(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('svg.board');
    const box = svg.viewBox.baseVal;
    const rect = svg.getBoundingClientRect();
    const perUnit = Math.min(rect.width / box.width, rect.height / box.height);
    const shown = (t) => parseFloat(getComputedStyle(t).fontSize) * perUnit;
    const numerals = [...svg.querySelectorAll('g.token text.number')].map(shown);
    const all = [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, px: shown(t) }));
    // The numeral's own box, as a second measure of the same thing.
    const boxHeight = Math.min(...[...svg.querySelectorAll('g.token text.number')].map((t) => t.getBoundingClientRect().height));
    return {
      numeral: Math.min(...numerals),
      numeralBox: boxHeight,
      smallest: all.reduce((a, b) => (b.px < a.px ? b : a), { text: '', px: Infinity }),
      boardWidth: rect.width,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

async function showLayout(page, layout) {
  await page.goto(`${site.url}?v=1&layout=${layout}&seed=7`);
  await readBoard(page);
}

const round = (x) => Math.round(x * 10) / 10;

test('numerals are readable at every size, and no text on the board is under 10 px', async () => {
  const sizes = {};
  for (const [name, options] of Object.entries(VIEWPORTS)) {
    const { context, page, problems } = await openPage(browser, site.origin, options);
    sizes[name] = {};
    for (const layout of ['base', ...LARGEST]) {
      await showLayout(page, layout);
      const s = await textSizes(page);
      sizes[name][layout] = { numeral: round(s.numeral), smallest: round(s.smallest.px), board: Math.round(s.boardWidth) };
      // The floors hold on phones from 360 px wide (at 320 px the largest layouts
      // are measured and reported; zooming is their way in).
      if (name.startsWith('phone-') && options.viewport.width >= 360) {
        const needed = layout === 'base' ? 18 : 12;
        assert.ok(s.numeral >= needed, `${layout} at ${name}: numerals ${s.numeral.toFixed(1)} px`);
        assert.ok(s.numeralBox >= needed, `${layout}: the numeral's box is ${s.numeralBox.toFixed(1)} px tall`);
      }
      assert.ok(s.smallest.px >= 10, `${layout} at ${name}: "${s.smallest.text}" is ${s.smallest.px.toFixed(1)} px`);
      if (layout === 'base' || name === 'phone-390x844') await screenshot(page, `board-${name}-${layout}`, { fullPage: false });
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  figures.numerals = sizes;
});

test('every terrain is drawn with an icon and no letter', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, VIEWPORTS['phone-390x844']);
  const seen = new Set();
  for (const layout of ['base', 'seafarers']) {
    await showLayout(page, layout);
    const hexes = await page.locator('svg.board g.hex').evaluateAll((gs) => gs.map((g) => ({
      terrain: g.dataset.terrain,
      paths: g.querySelectorAll(':scope > path').length,
      harbourSea: g.dataset.terrain === 'sea' && g.querySelectorAll(':scope > path').length === 0,
      words: [...g.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /[A-Za-z]/.test(t)),
    })));
    for (const hex of hexes) {
      if (!hex.harbourSea) assert.ok(hex.paths > 0, `${hex.terrain} has an icon`);
      assert.deepEqual(hex.words, [], 'no letters on a hex');
      seen.add(hex.terrain);
    }
  }
  for (const terrain of ['forest', 'pasture', 'fields', 'hills', 'mountains', 'desert', 'sea', 'gold']) {
    assert.ok(seen.has(terrain), `saw ${terrain}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('hexes are named by what is drawn on them; spots are reachable by keyboard', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, VIEWPORTS['phone-390x844']);
  await showLayout(page, 'base');
  const names = await page.locator('svg.board g.hex').evaluateAll((gs) => gs.map((g) => ({
    name: g.getAttribute('aria-label'),
    visible: [...g.querySelectorAll('text')].map((t) => t.textContent).join(' '),
  })));
  for (const { name, visible } of names) {
    assert.match(name, /^(Forest|Pasture|Fields|Hills|Mountains|Desert)(, \d+)?, (locked|tap to lock)$/);
    assert.ok(name.includes(visible), `"${name}" holds what is written: "${visible}"`);
  }
  await openTab(page, 'Balance');
  await page.getByLabel(/Pips at each settlement spot/).check();
  // Tab from the board's first hex until a spot has the focus.
  await page.locator('svg.board g.hex').first().focus();
  let reached = null;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.matches('g.spot') ? document.activeElement.getAttribute('aria-label') : null);
  }
  assert.match(reached ?? '', /^Spot with \d+ pips/);
  await page.keyboard.press('Enter');
  await page.getByTestId('spot-detail').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('spot-detail').waitFor({ state: 'detached' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a tapped spot opens its details beside it; Escape closes them; targets are big enough', async () => {
  for (const [name, options] of Object.entries({ phone: VIEWPORTS['phone-390x844'], desktop: DESKTOP })) {
    const { context, page, problems } = await openPage(browser, site.origin, options);
    await showLayout(page, 'base');
    await openTab(page, 'Balance');
    await page.getByLabel(/Pips at each settlement spot/).check();
    const targets = await page.locator('svg.board circle.spot-target').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().width));
    assert.ok(Math.min(...targets) >= 24, `spot targets ${Math.min(...targets).toFixed(1)} px`);
    figures[`spotTarget-${name}`] = round(Math.min(...targets));
    for (const index of [3, 40]) {
      const spot = page.locator('svg.board g.spot').nth(index);
      const pips = await spot.getAttribute('data-pips');
      if (options.hasTouch) await spot.tap(); else await spot.click();
      const popover = page.getByTestId('spot-detail');
      await popover.waitFor();
      // Measured once the tap has scrolled the spot into view.
      const disc = await spot.locator('circle').nth(1).boundingBox();
      assert.match(await popover.textContent(), new RegExp(`${pips} pips`));
      const box = await popover.boundingBox();
      const [x, y] = [disc.x + disc.width / 2, disc.y + disc.height / 2];
      const dx = Math.max(box.x - x, 0, x - (box.x + box.width));
      const dy = Math.max(box.y - y, 0, y - (box.y + box.height));
      const gap = Math.hypot(dx, dy);
      assert.ok(gap <= 60, `popover ${gap.toFixed(0)} px from its spot`);
      figures[`popoverGap-${name}-${index}`] = Math.round(gap);
      const viewport = page.viewportSize();
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, 'the popover stays on screen');
      const close = await popover.getByRole('button').boundingBox();
      assert.ok(close.width >= 44 && close.height >= 44, `its Close is ${close.width}x${close.height} px`);
      await screenshot(page, `board-spot-${name}-${index}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await popover.waitFor({ state: 'detached' });
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

/** Real touches through the browser's input pipeline (CDP), so touch-action applies. */
async function pinch(page, centre, from, to) {
  const cdp = await page.context().newCDPSession(page);
  const points = (spread) => [
    { x: centre.x - spread / 2, y: centre.y, id: 1 },
    { x: centre.x + spread / 2, y: centre.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(from + ((to - from) * i) / 8) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const zoomOf = async (page) => Number(await page.locator('.board-frame').getAttribute('data-zoom'));

test('pinch and double-tap zoom the board, a drag pans it, and Whole board resets it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, VIEWPORTS['phone-390x844']);
  await showLayout(page, 'new-world-five-six');
  const board = page.locator('svg.board');
  const rect = await board.boundingBox();
  const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  const before = await textSizes(page);
  const pageZoom = () => page.evaluate(() => [window.visualViewport.scale, document.documentElement.scrollWidth]);
  const pageBefore = await pageZoom();
  await pinch(page, centre, 60, 220);
  await page.waitForFunction(() => Number(document.querySelector('.board-frame').dataset.zoom) > 1.5);
  const zoomed = await textSizes(page);
  assert.ok(zoomed.numeral > before.numeral * 1.5, `numerals ${before.numeral.toFixed(1)} -> ${zoomed.numeral.toFixed(1)} px`);
  assert.deepEqual(await pageZoom(), pageBefore, 'the page itself is neither zoomed nor made wider');
  assert.equal(pageBefore[0], 1);
  figures.pinch = { before: round(before.numeral), after: round(zoomed.numeral), zoom: await zoomOf(page) };
  await screenshot(page, 'board-zoomed', { fullPage: false });

  // A drag pans the zoomed board and locks nothing, though the press began on a hex.
  const viewBefore = await board.getAttribute('viewBox');
  const under = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y).closest('g.hex')?.dataset.cell, centre);
  assert.ok(under !== undefined, 'the drag starts on a hex');
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x + 30, centre.y + 20, { steps: 6 });
  await page.mouse.up();
  assert.notEqual(await board.getAttribute('viewBox'), viewBefore, 'the view moved');
  assert.equal(await page.locator('svg.board g.hex[data-locked="true"]').count(), 0, 'a pan locks nothing');

  await page.getByTestId('zoom-reset').tap();
  await page.waitForFunction(() => document.querySelector('.board-frame').dataset.zoom === '1.00');
  assert.equal(round((await textSizes(page)).numeral), round(before.numeral));
  assert.equal(await page.getByTestId('zoom-reset').count(), 0, 'the reset shows only when zoomed');

  // Double-tap on a hex zooms in and leaves its lock as it was; another zooms back out.
  await showLayout(page, 'base');
  const target = page.locator('svg.board g.hex[data-cell="4"]');
  const spot = await target.boundingBox();
  const at = { x: spot.x + spot.width / 2, y: spot.y + spot.height / 2 };
  await page.touchscreen.tap(at.x, at.y);
  await page.touchscreen.tap(at.x, at.y);
  await page.waitForFunction(() => Number(document.querySelector('.board-frame').dataset.zoom) > 2);
  await page.waitForTimeout(400);
  assert.equal(await target.getAttribute('data-locked'), 'false', 'a double-tap locks nothing');
  await page.touchscreen.tap(at.x, at.y);
  await page.touchscreen.tap(at.x, at.y);
  await page.waitForFunction(() => document.querySelector('.board-frame').dataset.zoom === '1.00');
  await page.waitForTimeout(400);
  // A single tap still locks.
  await target.tap();
  await page.waitForFunction(() => document.querySelector('svg.board g.hex[data-cell="4"]').dataset.locked === 'true');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a pinch with the fair start and the heat map shown works nothing out again', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, VIEWPORTS['phone-390x844']);
  await showLayout(page, 'base');
  // Each part of the board's analysis (spots, draft, fair start, balance) is marked in the
  // performance timeline when it is worked out (src/app/analysis.rs).
  const analyses = () => page.evaluate(() => performance.getEntriesByName('hexfair analysis').length);
  const board = page.locator('svg.board');
  const rect = await board.boundingBox();
  const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  for (const [overlay, show, drawn] of [
    ['fair start', async () => { await openTab(page, 'Seats'); await page.getByTestId('fair-start-toggle').check(); }, 'svg.board g.fair-start g.settlement'],
    ['heat map', async () => { await openTab(page, 'Balance'); await page.getByLabel(/Pips at each settlement spot/).check(); }, 'svg.board g.heat g.spot'],
  ]) {
    await show();
    await page.locator(drawn).first().waitFor();
    const before = await analyses();
    assert.ok(before > 0, `the ${overlay}'s analysis is counted`);
    await pinch(page, centre, 60, 200);
    await page.waitForFunction(() => Number(document.querySelector('.board-frame').dataset.zoom) > 1.5);
    await pinch(page, centre, 200, 120);
    assert.ok(await page.locator(drawn).count() > 0, `the ${overlay} is still drawn`);
    assert.equal(await analyses(), before, `a pinch over the ${overlay} works nothing out`);
    await page.getByTestId('zoom-reset').tap();
    await page.waitForFunction(() => document.querySelector('.board-frame').dataset.zoom === '1.00');
  }
  // A new board is analysed afresh (the count moves when it should).
  const counted = await analyses();
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await readBoard(page);
  await page.waitForFunction((n) => performance.getEntriesByName('hexfair analysis').length > n, counted);
  assert.deepEqual(problems, []);
  await context.close();
});

test('table mode shows the board on the whole screen, turns it to face across, and exits', async () => {
  for (const [name, options] of Object.entries({ phone: VIEWPORTS['phone-390x844'], landscape: VIEWPORTS['landscape-844x390'] })) {
    const { context, page, problems } = await openPage(browser, site.origin, options);
    await showLayout(page, 'base');
    const normal = await textSizes(page);
    await page.getByTestId('table-mode').tap();
    await page.locator('.board-frame[data-table="true"]').waitFor();
    const view = await page.evaluate(() => {
      const frame = document.querySelector('.board-frame').getBoundingClientRect();
      return {
        fullscreen: document.fullscreenElement?.classList.contains('board-frame') ?? false,
        covers: frame.width >= window.innerWidth - 1 && frame.height >= window.innerHeight - 1,
      };
    });
    assert.ok(view.covers, 'the board frame covers the screen');
    const table = await textSizes(page);
    assert.ok(table.numeral >= normal.numeral - 0.1, `table mode numerals ${table.numeral.toFixed(1)} px`);
    figures[`table-${name}`] = { fullscreen: view.fullscreen, numeral: round(table.numeral), normal: round(normal.numeral) };
    await screenshot(page, `board-table-${name}`, { fullPage: false });

    // Turned to face across: the whole picture half a turn round, numerals upside down for us.
    const hex = page.locator('svg.board g.hex[data-cell="0"]');
    const middle = async () => {
      const svg = await page.locator('svg.board').boundingBox();
      return { x: svg.x + svg.width / 2, y: svg.y + svg.height / 2 };
    };
    const centreOf = (box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    const upright = await hex.boundingBox();
    const middleBefore = await middle();
    await page.getByTestId('table-turn').tap();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('svg.board')).transform !== 'none');
    const turned = await hex.boundingBox();
    const middleAfter = await middle();
    const [a, b] = [centreOf(upright), centreOf(turned)];
    assert.ok(Math.abs((a.x - middleBefore.x) + (b.x - middleAfter.x)) < 4, 'mirrored across the middle');
    assert.ok(Math.abs((a.y - middleBefore.y) + (b.y - middleAfter.y)) < 4, 'mirrored across the middle');
    assert.ok(turned.y > upright.y + 50, 'the top row is now at the bottom');
    await screenshot(page, `board-table-${name}-across`, { fullPage: false });
    // A tap on the turned board still locks the hex under the finger.
    await hex.tap();
    await page.waitForFunction(() => document.querySelector('svg.board g.hex[data-cell="0"]').dataset.locked === 'true');

    if (name === 'phone') {
      await page.keyboard.press('Escape');
    } else {
      await page.getByTestId('table-exit').tap();
    }
    await page.locator('.board-frame[data-table="false"]').waitFor();
    assert.equal(await page.evaluate(() => document.fullscreenElement), null);
    assert.equal(await page.locator('svg.board').evaluate((s) => getComputedStyle(s).transform), 'none');
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('table mode keeps the screen awake where the browser can, says so where it cannot, and lets go on exit', async () => {
  // A wake lock that records what the page asks of it.
  const recorded = await openPage(browser, site.origin, VIEWPORTS['phone-390x844']);
  await recorded.context.addInitScript(() => {
    window.wakeLog = [];
    const wakeLock = {
      request: async (type) => {
        window.wakeLog.push(`request ${type}`);
        const sentinel = new EventTarget();
        sentinel.release = async () => { window.wakeLog.push('release'); };
        return sentinel;
      },
    };
    Object.defineProperty(Navigator.prototype, 'wakeLock', { get: () => wakeLock, configurable: true });
  });
  let page = recorded.page;
  await showLayout(page, 'base');
  const log = () => page.evaluate(() => window.wakeLog);
  await page.getByTestId('table-mode').tap();
  await page.waitForFunction(() => window.wakeLog.includes('request screen'));
  assert.equal(await page.locator('.board-note').count(), 0, 'nothing to say when the screen stays on');
  await page.getByTestId('table-exit').tap();
  await page.waitForFunction(() => window.wakeLog.includes('release'));
  assert.deepEqual(await log(), ['request screen', 'release']);
  // Leaving full screen by the browser's own means leaves table mode too, and lets go.
  await page.getByTestId('table-mode').tap();
  await page.waitForFunction(() => window.wakeLog.length === 3);
  const fullscreen = await page.evaluate(() => document.fullscreenElement !== null);
  if (fullscreen) {
    await page.evaluate(() => document.exitFullscreen());
    await page.locator('.board-frame[data-table="false"]').waitFor();
    await page.waitForFunction(() => window.wakeLog.length === 4);
    assert.deepEqual(await log(), ['request screen', 'release', 'request screen', 'release']);
  }
  figures.tableFullscreen = fullscreen;
  assert.deepEqual(recorded.problems, []);
  await recorded.context.close();

  // A browser without the Screen Wake Lock API: said in words, and table mode still works.
  const lacking = await openPage(browser, site.origin, VIEWPORTS['phone-390x844']);
  await lacking.context.addInitScript(() => { delete Navigator.prototype.wakeLock; });
  page = lacking.page;
  await showLayout(page, 'base');
  await page.getByTestId('table-mode').tap();
  await page.locator('.board-note').waitFor();
  assert.match(await page.locator('.board-note').textContent(), /cannot keep the screen on/);
  await page.getByTestId('table-turn').tap();
  await page.keyboard.press('Escape');
  await page.locator('.board-frame[data-table="false"]').waitFor();
  assert.deepEqual(lacking.problems, []);
  await lacking.context.close();
});
