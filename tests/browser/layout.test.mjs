// The page around the board, on the screens a table has: phones upright (320 to 430 px
// wide), a phone on its side, a tablet and a desktop. What a player needs from it: nothing
// to scroll sideways, the board in sight while a setting changes it, Regenerate always at
// hand, a loading view instead of a blank screen, dark mode, and a page that keyboards and
// screen readers can use (axe-core finds no serious or critical fault).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, screenshot, writeReport, openTab, axe,
  measureLayout,
} from './harness.mjs';

shareSiteAndBrowser();

const phone = (width, height) => ({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
const VIEWS = {
  'phone-320': phone(320, 568),
  'phone-360': phone(360, 740),
  'phone-375': phone(375, 667),
  'phone-390': phone(390, 844),
  'phone-430': phone(430, 932),
  'landscape-844': phone(844, 390),
  'tablet-820': phone(820, 1180),
  'desktop-1280': { viewport: { width: 1280, height: 900 } },
};
/** The settings tabs the page offers, by name (panels join them in src/app/mod.rs). */
async function tabsOf(page) {
  await page.getByRole('tab').first().waitFor();
  return (await page.getByRole('tab').allTextContents()).map((name) => name.trim());
}
// A seed link: the same boards every run, so each setting below is known to change it.
const START = '?v=1&layout=base&seed=11&rules=no-adjacent-red';

/** Asserts the page fits the screen's width (isMobile screens widen themselves to fit, so the width set is the measure). */
async function assertFits(page, width, what) {
  const m = await measureLayout(page);
  assert.ok(m.pageWidth <= width, `${what}: the page is ${m.pageWidth} px wide on a ${width} px screen`);
  assert.equal(m.regenerate, 1, `${what}: Regenerate wholly in sight`);
  assert.ok(m.board >= 0.9, `${what}: ${(m.board * 100).toFixed(0)}% of the board in sight`);
  return m;
}

const sameBoard = (a, b) => a.terrain === b.terrain && a.numbers === b.numbers;

/** Waits until the board differs from `before`, and returns it. */
async function boardAfter(page, before) {
  await page.waitForFunction(({ terrain, numbers }) => {
    const hexes = [...document.querySelectorAll('svg.board g.hex')].sort((a, b) => a.dataset.cell - b.dataset.cell);
    return document.querySelector('main[data-searching="false"]')
      && (hexes.map((h) => h.dataset.letter).join('') !== terrain || hexes.map((h) => h.dataset.number || '-').join(',') !== numbers);
  }, before);
  return readBoard(page);
}

/** A setting that draws a new board: waits for it and checks it differs from `before`. */
const redraws = (act) => async (page, before) => {
  await act(page);
  const after = await boardAfter(page, before);
  assert.ok(!sameBoard(after, before), 'the board changed');
};

// One setting a tab, each of which changes what the board shows on the START link. A new
// tab needs one here: every settings group must change the board with the board in sight.
const CHANGES = {
  Board: redraws((page) => page.getByTestId('layout').selectOption('five-six')),
  Balance: redraws((page) => page.getByRole('radio', { name: /^Unbalanced/ }).check()),
  Rules: redraws((page) => page.locator('#rule-no-adjacent-same-terrain').check()),
  // The same board for a table of 3: the fair start on it, two houses a seat.
  Seats: async (page) => {
    await page.getByTestId('fair-start-toggle').check();
    await page.getByLabel('3 players', { exact: true }).check();
    await page.waitForFunction(() => document.querySelectorAll('svg.board g.fair-start g.settlement').length === 6);
  },
  // The boards the tabs before it made are in the history kept on the device: the Board
  // tab's 5-6 player board among them.
  Saved: redraws((page) => page.getByTestId('history-item').filter({ hasText: '5-6 player extension' })
    .getByRole('button', { name: /^Open/ }).first().click()),
};

for (const [view, options] of Object.entries(VIEWS)) {
  test(`${view}: no sideways scrolling, and each tab's setting changes the board in sight`, async () => {
    const { context, page, problems } = await openPage(browser, site.origin, options);
    const { width } = options.viewport;
    const figures = {};
    await page.goto(site.url + START);
    const tabs = await tabsOf(page);
    assert.ok(tabs.length >= 4, `tabs: ${tabs}`);
    // Every tab's name whole, on one line, in one row.
    const labels = await page.getByRole('tab').evaluateAll((els) => els.map((t) => {
      const words = document.createRange();
      words.selectNodeContents(t);
      return {
        name: t.textContent.trim(),
        whole: t.scrollWidth <= t.clientWidth,
        lines: new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size,
        top: t.getBoundingClientRect().top,
      };
    }));
    for (const { whole, lines, top } of labels) {
      assert.ok(whole && lines === 1 && top === labels[0].top, `${view}: tab names fit (${JSON.stringify(labels)})`);
    }
    for (const tab of tabs) {
      assert.ok(CHANGES[tab], `a setting to change in the ${tab} tab (CHANGES in layout.test.mjs)`);
      await page.goto(site.url + START);
      const before = await readBoard(page);
      await openTab(page, tab);
      await assertFits(page, width, `${view}, ${tab} open`);
      await CHANGES[tab](page, before);
      figures[tab] = await assertFits(page, width, `${view}, after a change in ${tab}`);
      await screenshot(page, `layout-${view}-${tab.toLowerCase()}`, { fullPage: false });
    }
    // The widest things a page can hold: the longest seed there is, a message, the widest layout.
    await page.goto(site.url + START);
    await readBoard(page);
    await openTab(page, 'Board');
    await page.getByLabel('Seed', { exact: true }).fill('18446744073709551615');
    await page.getByRole('button', { name: 'Go' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=seed]').textContent.trim() === '18446744073709551615');
    await page.getByTestId('layout').selectOption('new-world-five-six');
    await page.waitForFunction(() => document.querySelectorAll('svg.board g.hex').length === 63);
    for (const tab of tabs) {
      await openTab(page, tab);
      figures[`${tab}, long seed`] = await assertFits(page, width, `${view}, long seed, ${tab} open`);
    }
    await writeReport(`layout-${view}`, figures);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// Fingers, not a mouse pointer: every control of the page and of each tab offers a target at
// least 44 px each way (a radio button or a check box by its label's row), the colour switch
// in the header included.
test('every control is a touch target of at least 44 by 44 px, on every tab', async () => {
  const report = {};
  for (const view of ['phone-320', 'phone-390', 'landscape-844', 'desktop-1280']) {
    const { context, page, problems } = await openPage(browser, site.origin, VIEWS[view]);
    await page.goto(site.url + START);
    await readBoard(page);
    for (const tab of await tabsOf(page)) {
      await openTab(page, tab);
      const small = await page.evaluate(() => [...document.querySelectorAll('button, select, input, textarea, a[href], [role=tab]')]
        // The board's own targets are board.test.mjs's; the skip link shows only when focused.
        .filter((e) => !e.closest('svg') && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
          && !e.classList.contains('skip-link'))
        .map((e) => {
          const target = ['radio', 'checkbox', 'range'].includes(e.type) ? (e.closest('label, .choice, .rule, .dial') ?? e) : e;
          const box = target.getBoundingClientRect();
          return { control: e.dataset.testid || e.getAttribute('aria-label') || e.name || e.textContent.trim(), width: box.width, height: box.height };
        })
        .filter((c) => c.width < 44 || c.height < 44));
      assert.deepEqual(small, [], `${view}, ${tab} open: controls under 44 px`);
      report[`${view} ${tab}`] = small.length;
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  await writeReport('layout-touch-targets', report);
});

test('the loading view is in the served page, shows until the app starts, then is gone', async () => {
  const html = await (await fetch(site.url)).text();
  assert.match(html, /<main class="app first-visit" data-testid="loading">[\s\S]*Setting out the board/);
  assert.match(html, /<noscript>Hexfair needs JavaScript and WebAssembly/);
  const { context, page, problems } = await openPage(browser, site.origin, VIEWS['phone-390']);
  // Hold the app's wasm back: what shows meanwhile is what a slow phone shows. A link's
  // board is the app's to find: no board drawn ahead stands in (first.test.mjs has those).
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/hexfair-web-[0-9a-f]+_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.goto(`${site.url}?v=1&layout=base&seed=3`, { waitUntil: 'domcontentloaded' });
  const loading = page.getByTestId('loading');
  await loading.waitFor();
  assert.ok(await loading.getByText('Setting out the board').isVisible());
  const box = await loading.boundingBox();
  assert.ok(box.height > 300, 'the loading view fills the screen');
  assert.deepEqual(await axe(page), [], 'the loading view passes axe');
  await screenshot(page, 'layout-loading', { fullPage: false });
  release();
  await readBoard(page);
  assert.equal(await page.getByTestId('loading').count(), 0, 'replaced by the app');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the skip link is the first Tab stop and takes focus to Regenerate; Regenerate is an early stop anyway', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, VIEWS['desktop-1280']);
  const figures = {};
  for (const layout of ['base', 'new-world-five-six']) {
    await page.goto(`${site.url}?v=1&layout=${layout}&seed=3`);
    await readBoard(page);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'skip-link');
    const link = page.getByTestId('skip-link');
    assert.equal(await link.textContent(), 'Skip to Regenerate');
    const box = await link.boundingBox();
    assert.ok(box.y >= 0 && box.width > 50, 'seen when focused');
    if (layout === 'base') await screenshot(page, 'layout-skip-link', { fullPage: false });
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'regenerate');
    assert.equal(new URL(page.url()).hash, '', 'the address keeps only the board');
    // Without the skip link: count the Tab stops before Regenerate.
    await page.evaluate(() => document.activeElement.blur());
    await page.reload();
    await readBoard(page);
    let stops = 0;
    for (;;) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement.dataset.testid) === 'regenerate') break;
      stops += 1;
      assert.ok(stops < 10, 'Regenerate comes within the first Tab stops');
    }
    figures[layout] = stops;
  }
  await writeReport('layout-tab-stops-before-regenerate', figures);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the tabs work from the keyboard as the ARIA tabs pattern says', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, VIEWS['desktop-1280']);
  await page.goto(site.url + START);
  await readBoard(page);
  const selected = () => page.evaluate(() => ({
    tab: document.querySelector('[role=tab][aria-selected=true]').textContent.trim(),
    focused: document.activeElement.getAttribute('role') === 'tab' ? document.activeElement.textContent.trim() : null,
    shown: [...document.querySelectorAll('[role=tabpanel]')].filter((p) => !p.hidden).map((p) => p.getAttribute('aria-labelledby')),
    tabStops: [...document.querySelectorAll('[role=tab]')].filter((t) => t.tabIndex === 0).length,
  }));
  assert.deepEqual(await selected(), { tab: 'Board', focused: null, shown: ['tab-board'], tabStops: 1 });
  await page.getByRole('tab', { name: 'Board' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await selected(), { tab: 'Balance', focused: 'Balance', shown: ['tab-balance'], tabStops: 1 });
  await page.keyboard.press('End');
  const last = (await tabsOf(page)).at(-1);
  assert.equal((await selected()).focused, last);
  await page.keyboard.press('ArrowRight');
  assert.equal((await selected()).focused, 'Board', 'wraps round');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await selected()).focused, last);
  await page.keyboard.press('Home');
  assert.deepEqual(await selected(), { tab: 'Board', focused: 'Board', shown: ['tab-board'], tabStops: 1 });
  // Tab from the tab list goes into the open panel.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('[role=tabpanel]')?.id), 'panel-board');
  assert.deepEqual(problems, []);
  await context.close();
});

/** The page's background and text colours' luminance (0 black, 1 white). */
function lightness(page) {
  return page.evaluate(() => {
    const luminance = (colour) => {
      const [r, g, b] = colour.match(/[\d.]+/g).slice(0, 3).map(Number).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const root = getComputedStyle(document.documentElement);
    const panel = document.querySelector('.settings');
    return {
      page: luminance(root.backgroundColor),
      text: luminance(root.color),
      panel: panel ? luminance(getComputedStyle(panel).backgroundColor) : null,
    };
  });
}

test('dark mode follows the device, and the switch overrides it and is kept over a reload', async () => {
  const dark = await openPage(browser, site.origin, { ...VIEWS['phone-390'], colorScheme: 'dark' });
  await dark.page.goto(site.url + START);
  await readBoard(dark.page);
  const followed = await lightness(dark.page);
  assert.ok(followed.page < 0.05 && followed.text > 0.7 && followed.panel < 0.05, `dark by the device: ${JSON.stringify(followed)}`);
  assert.equal(await dark.page.getByTestId('theme').inputValue(), 'device');
  assert.deepEqual(dark.problems, []);
  await dark.context.close();

  // No service worker: the reload below must fetch the app, so the test can hold it back.
  const { context, page, problems } = await openPage(browser, site.origin, { ...VIEWS['phone-390'], colorScheme: 'light', serviceWorkers: 'block' });
  await page.goto(site.url + START);
  await readBoard(page);
  assert.ok((await lightness(page)).page > 0.8, 'light by the device');
  await page.getByTestId('theme').selectOption('dark');
  assert.ok((await lightness(page)).page < 0.05, 'dark once chosen');
  // Kept: dark again after a reload, already in the loading view (before the app starts).
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/hexfair-web-[0-9a-f]+_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId('loading').waitFor();
  assert.ok((await lightness(page)).page < 0.05, 'the loading view is dark too');
  release();
  await readBoard(page);
  assert.ok((await lightness(page)).page < 0.05, 'dark after the reload');
  assert.equal(await page.getByTestId('theme').inputValue(), 'dark');
  await page.getByTestId('theme').selectOption('device');
  assert.ok((await lightness(page)).page > 0.8, 'back to the device (light)');
  assert.equal(await page.evaluate(() => localStorage.getItem('hexfair-theme')), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('axe-core finds no serious or critical fault on the page, light and dark, phone and desktop, every tab', async () => {
  const report = {};
  for (const [view, options] of [['phone-390', VIEWS['phone-390']], ['desktop-1280', VIEWS['desktop-1280']]]) {
    for (const colorScheme of ['light', 'dark']) {
      const { context, page, problems } = await openPage(browser, site.origin, { ...options, colorScheme });
      await page.goto(site.url + START);
      await readBoard(page);
      for (const tab of await tabsOf(page)) {
        await openTab(page, tab);
        // The whole page, the board's hexes and spots included.
        const faults = await axe(page);
        assert.deepEqual(faults, [], `${view}, ${colorScheme}, ${tab}`);
        report[`${view} ${colorScheme} ${tab}`] = faults.length;
      }
      // The words that show only sometimes: a message, a notice, the greyed Back's reason, a bad seed.
      await openTab(page, 'Board');
      await page.getByTestId('layout').selectOption('new-world');
      await page.getByTestId('numbers-why').waitFor();
      await page.getByLabel('Seed', { exact: true }).fill('forty');
      await page.getByRole('button', { name: 'Go' }).click();
      await page.getByTestId('message').waitFor();
      assert.deepEqual(await axe(page), [], `${view}, ${colorScheme}, with messages`);
      await screenshot(page, `layout-${view}-${colorScheme}`, { fullPage: false });
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
  await writeReport('layout-axe', report);
});

test('greyed-out controls say why, and a bad seed\'s message goes with the next action', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, VIEWS['phone-390']);
  // A fresh page (no link): no earlier board.
  await page.goto(site.url);
  await readBoard(page);
  // Back with no earlier board: it says so when tapped.
  const back = page.getByRole('button', { name: /^Back/ });
  assert.equal(await back.getAttribute('aria-disabled'), 'true');
  await back.tap({ force: true }); // Playwright waits for aria-disabled buttons to be enabled; a finger does not.
  assert.match(await page.getByTestId('notice').textContent(), /No earlier board yet/);
  // Spiral on a layout without one: greyed, with the reason beside it.
  await openTab(page, 'Board');
  assert.equal(await page.getByTestId('numbers-why').count(), 0);
  await page.getByTestId('layout').selectOption('new-world');
  await page.getByTestId('numbers-why').waitFor();
  assert.match(await page.getByTestId('numbers-why').textContent(), /greyed out: Seafarers: New World \(3-4 players\) has no official letter spiral/);
  assert.equal(await page.locator('select[name=numbers] option[value=spiral]').evaluate((option) => option.disabled), true);
  assert.equal(await page.getByTestId('numbers').getAttribute('aria-describedby'), 'numbers-why');
  // The seed form says what a typed seed is played with.
  assert.match(await page.locator('#seed-uses').textContent(), /the same settings: yours, from these tabs, without locks/);
  // A bad seed (the reducer's word, beside Regenerate): it shows in sight, and goes with
  // the next thing the player does.
  const seed = page.getByLabel('Seed', { exact: true });
  for (const next of [
    () => page.getByRole('button', { name: 'Turn the board' }).tap(),
    () => page.getByTestId('regenerate').tap(),
  ]) {
    await seed.fill('forty');
    await page.getByRole('button', { name: 'Go' }).tap();
    const message = page.getByTestId('message');
    await message.waitFor();
    assert.match(await message.textContent(), /“forty” is not a seed/);
    const box = await message.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 844, `the message at ${box.y}..${box.y + box.height}`);
    await next();
    await message.waitFor({ state: 'detached' });
  }
  assert.deepEqual(problems, []);
  await context.close();
});
