// The build guide as a player at the table uses it (docs/app.md#build-guide): Set up opens it
// under (or beside) the board, one step a screen, the step's hexes ringed on the board;
// Next, Back, a swipe and the arrow keys walk it; it has as many steps as `hexfair guide`
// for the same link; it fits every screen and table mode; it speaks the page's language; the
// print sheet carries it as a checklist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, screenshot, axe, hexfair, boardDrawn, PHONE, DESKTOP,
} from './harness.mjs';
import { englishIn } from './english.mjs';

shareSiteAndBrowser();

const phone = (width, height, locale = 'en-GB') => ({
  viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale,
});
const SCREENS = {
  phone: PHONE,
  narrow: phone(320, 568),
  landscape: phone(844, 390),
  tablet: { viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: DESKTOP,
};
// The guide's own English words, which another language's guide must not show.
// ("Terrain" is French too: "Terrain aurifère", the gold field.)
const GUIDE_ENGLISH = ['Step', 'of', 'Next', 'Close', 'Print', 'checklist', 'Row', 'row', 'Ring', 'ring',
  'clockwise', 'tokens', 'Harbours', 'frame', 'Frame', 'Put', 'box', 'Sort', 'the', 'and', 'on'];

/** The link's board token, from the address bar. */
function token(page) {
  return new URL(page.url()).searchParams.get('b');
}

/** `hexfair guide`'s steps: each numbered heading and the lines under it. */
function nativeSteps(text) {
  return text.split('\n\n').slice(1).map((block) => {
    const [first, ...lines] = block.trimEnd().split('\n');
    return { heading: first.replace(/^\d+\/\d+\. /, ''), lines: lines.map((line) => line.trim()) };
  });
}

/** Opens the guide and waits for its first step. */
async function openGuide(page) {
  await page.getByTestId('guide-open').click();
  await page.getByTestId('guide-count').waitFor({ timeout: 30_000 });
}

/** The step on screen: its count line, heading, lines and the hexes lit on the board. */
function step(page) {
  return page.evaluate(() => ({
    count: document.querySelector('[data-testid=guide-count]').textContent.trim(),
    heading: document.querySelector('[data-testid=guide-heading]').textContent.trim(),
    lines: [...document.querySelectorAll('[data-testid=guide-lines] li')].map((li) => li.textContent.trim()),
    lit: [...document.querySelectorAll('svg.board g.hex[data-lit]')].map((g) => Number(g.dataset.cell)),
    rings: document.querySelectorAll('svg.board .lit-ring').length,
  }));
}

/** Every step from the first to the last, by Next. */
async function walk(page) {
  const steps = [await step(page)];
  while ((await page.getByTestId('guide-next').getAttribute('aria-disabled')) !== 'true') {
    const before = steps.at(-1).count;
    await page.getByTestId('guide-next').click();
    await page.waitForFunction((b) => document.querySelector('[data-testid=guide-count]').textContent.trim() !== b, before);
    steps.push(await step(page));
  }
  return steps;
}

test('the guide walks every step of `hexfair guide` for the link, lighting each step\'s hexes', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, PHONE);
  await page.goto(`${site.url}?v=1&layout=base&seed=11&rules=no-adjacent-red`);
  await readBoard(page);
  await openGuide(page);
  const focused = () => page.evaluate(() => document.activeElement?.dataset.testid);
  assert.equal(await focused(), 'guide', 'the focus goes to the guide as it opens');
  // The game named once, as a player says it: not "Setting up Base game (3-4 players) for 4 players".
  assert.equal((await page.locator('.guide-title').textContent()).trim(), 'Setting up the base game for 4 players');
  // Buttons named in words alone: their arrows and cross are not read aloud.
  for (const name of ['Back', 'Next', 'Close']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  }
  const native = hexfair('guide', '--token', token(page), '--players', '4');
  const total = Number(native.match(/\n1\/(\d+)\. /)[1]);
  const steps = await walk(page);
  assert.equal(steps.length, total, 'as many steps as the command line');
  // The page's guide and the command line's are one text: each step's heading and lines.
  const said = nativeSteps(native);
  steps.forEach((s, i) => {
    assert.equal(s.count, `Step ${i + 1} of ${total}`);
    assert.deepEqual({ heading: s.heading, lines: s.lines }, said[i], `step ${i + 1}`);
    assert.equal(s.rings, s.lit.length, `step ${i + 1}: every lit hex ringed`);
  });
  // The base board's 19 hexes each laid once in the terrain steps, and its 18 tokens once.
  const laid = steps.filter((s) => /Terrain/.test(s.heading)).flatMap((s) => s.lit);
  assert.equal(laid.length, 19);
  assert.equal(new Set(laid).size, 19);
  const tokens = steps.filter((s) => /token/i.test(s.heading) && s.lit.length).flatMap((s) => s.lit);
  assert.equal(new Set(tokens).size, 18);
  // At the ends: Next and Back greyed out but still focusable (the focus stays on Next);
  // the keys and a swipe move; Escape closes, and the focus is back on Set up.
  assert.equal(await page.getByTestId('guide-next').getAttribute('aria-disabled'), 'true');
  assert.equal(await page.getByTestId('guide-previous').getAttribute('aria-disabled'), 'false');
  assert.equal(await focused(), 'guide-next');
  await page.keyboard.press('Enter');
  assert.equal((await page.getByTestId('guide-count').textContent()).trim(), `Step ${total} of ${total}`, 'Next at the end stays');
  await page.keyboard.press('ArrowLeft');
  await page.getByText(`Step ${total - 1} of ${total}`).waitFor();
  await page.keyboard.press('ArrowRight');
  await page.getByText(`Step ${total} of ${total}`).waitFor();
  const panel = await page.getByTestId('guide').boundingBox();
  const y = panel.y + panel.height / 2;
  await page.mouse.move(panel.x + panel.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(panel.x + panel.width * 0.8, y, { steps: 4 });
  await page.mouse.up();
  await page.getByText(`Step ${total - 1} of ${total}`).waitFor();
  // Regenerate is out of reach while the guide is open: a tap meant for Next deals nothing.
  assert.equal(await page.getByTestId('regenerate').isVisible(), false);
  await page.keyboard.press('Escape');
  await page.getByTestId('guide').waitFor({ state: 'detached' });
  assert.equal(await focused(), 'guide-open', 'the focus is back on Set up');
  assert.equal(await page.locator('svg.board g.hex[data-lit]').count(), 0);
  assert.equal(await page.getByTestId('regenerate').isVisible(), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the guide follows the board\'s turn and the table\'s players', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, PHONE);
  await page.goto(`${site.url}?v=1&layout=five-six&seed=5`);
  await readBoard(page);
  await page.getByRole('button', { name: 'Turn the board' }).click();
  await openGuide(page);
  const first = await step(page);
  const native = hexfair('guide', '--token', token(page), '--turn', '1');
  const total = Number(native.match(/\n1\/(\d+)\. /)[1]);
  assert.equal(first.count, `Step 1 of ${total}`);
  assert.match(await page.locator('.guide-title').textContent(), /6/, 'the 5-6 board is set up for its table');
  // Every step as the turned board shows it: the command line's with --turn 1, word for word.
  const steps = await walk(page);
  assert.deepEqual(steps.map((s) => ({ heading: s.heading, lines: s.lines })), nativeSteps(native));
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [name, screen] of Object.entries(SCREENS)) {
  test(`${name}: the board and the whole step are in sight, Next within reach`, async () => {
    const { context, page, problems } = await openPage(browser, site.origin, screen);
    await page.goto(`${site.url}?v=1&layout=base&seed=11`);
    await readBoard(page);
    await openGuide(page);
    await page.getByTestId('guide-next').click();
    await page.getByTestId('guide-next').click();
    const m = await page.evaluate(() => {
      const inSight = (element) => {
        const box = element.getBoundingClientRect();
        const width = Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0));
        const height = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
        return box.width * box.height > 0 ? (width * height) / (box.width * box.height) : 0;
      };
      const board = document.querySelector('svg.board').getBoundingClientRect();
      return {
        pageWidth: document.documentElement.scrollWidth,
        board: inSight(document.querySelector('svg.board')),
        boardHeight: board.height,
        next: inSight(document.querySelector('[data-testid=guide-next]')),
        heading: inSight(document.querySelector('[data-testid=guide-heading]')),
        size: parseFloat(getComputedStyle(document.querySelector('.guide-lines')).fontSize),
        // Touch targets, as every control of the page (layout.test.mjs).
        small: [...document.querySelectorAll('[data-testid=guide] button, .board-controls button')]
          .map((b) => b.getBoundingClientRect()).filter((b) => b.width < 44 || b.height < 44).length,
      };
    });
    assert.ok(m.pageWidth <= screen.viewport.width, `${name}: the page is ${m.pageWidth} px wide`);
    assert.ok(m.board >= 0.95, `${name}: ${(m.board * 100).toFixed(0)}% of the board in sight`);
    assert.ok(m.boardHeight >= Math.min(screen.viewport.height * 0.35, 300), `${name}: the board is ${m.boardHeight} px tall`);
    assert.equal(m.next, 1, `${name}: Next wholly in sight`);
    assert.equal(m.heading, 1, `${name}: the step's heading wholly in sight`);
    assert.ok(m.size >= 18, `${name}: the step's lines are ${m.size} px, to be read at arm's length`);
    assert.equal(m.small, 0, `${name}: buttons of the guide and the board under 44 px`);
    await screenshot(page, `guide-${name}`, { fullPage: false });
    assert.deepEqual(await axe(page), [], `${name}: axe`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// The board the player lays out from must not jump as the steps' words grow and shrink: its
// drawing keeps one size from the first step to the last (the step's panel scrolls instead).
for (const [name, screen] of Object.entries(SCREENS)) {
  test(`${name}: the board keeps one size through every step`, async () => {
    const { context, page, problems } = await openPage(browser, site.origin, screen);
    await page.goto(`${site.url}?v=1&layout=base&seed=11`);
    await readBoard(page);
    const shown = await boardDrawn(page);
    await openGuide(page);
    const drawn = () => boardDrawn(page);
    const sizes = [await drawn()];
    while ((await page.getByTestId('guide-next').getAttribute('aria-disabled')) !== 'true') {
      const before = (await page.getByTestId('guide-count').textContent()).trim();
      await page.getByTestId('guide-next').click();
      await page.waitForFunction((b) => document.querySelector('[data-testid=guide-count]').textContent.trim() !== b, before);
      sizes.push(await drawn());
    }
    const widths = sizes.map((s) => s.width);
    assert.ok(Math.max(...widths) - Math.min(...widths) <= 1,
      `${name}: the board's width through the ${sizes.length} steps: ${[...new Set(widths)].join(', ')} px`);
    // Not kept small either: near the size it had before the guide opened.
    assert.ok(sizes[0].height >= shown.height * 0.8, `${name}: the board is ${sizes[0].height} px tall, from ${shown.height}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('in table mode the guide shows with the board, and Close leaves table mode as it was', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, PHONE);
  await page.goto(`${site.url}?v=1&layout=base&seed=11`);
  await readBoard(page);
  await page.getByTestId('table-mode').click();
  await page.locator('.board-frame[data-table="true"]').waitFor();
  await openGuide(page);
  const inFrame = page.locator('.board-frame[data-table="true"] [data-testid=guide]');
  await inFrame.waitFor();
  await inFrame.getByTestId('guide-next').click();
  await page.getByText(/^Step 2 of /).waitFor();
  await screenshot(page, 'guide-table-mode', { fullPage: false });
  await inFrame.getByTestId('guide-close').click();
  await page.getByTestId('guide').waitFor({ state: 'detached' });
  assert.equal(await page.locator('.board-frame[data-table="true"]').count(), 1, 'still in table mode');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the print sheet carries the guide as a checklist, under the board', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, DESKTOP);
  await page.goto(`${site.url}?v=1&layout=base&seed=11`);
  await readBoard(page);
  await openGuide(page);
  const total = Number((await step(page)).count.match(/of (\d+)/)[1]);
  assert.equal(await page.getByTestId('print-checklist').isVisible(), false, 'on screen the guide is the checklist');
  await page.emulateMedia({ media: 'print' });
  await page.getByTestId('print-checklist').waitFor();
  assert.equal(await page.locator('[data-testid=print-checklist] > ol > li').count(), total);
  assert.equal(await page.getByTestId('guide').isVisible(), false);
  assert.equal(await page.locator('svg.board').isVisible(), true);
  await page.emulateMedia({ media: 'screen' });
  assert.deepEqual(problems, []);
  await context.close();
});

// Each language on a board with other kinds of step: fog stacks, printed pieces and a pirate
// fortress, rivers and stacked tokens.
const BOARDS = { de: 'fog-islands-4', fr: 'pirate-islands-3-4', es: 'rivers-stacked-3-4' };
for (const [lang, layout] of Object.entries(BOARDS)) {
  test(`${lang}: every step of the guide in the page's language, with no English left (${layout})`, async () => {
    const { context, page, problems } = await openPage(browser, site.origin, phone(390, 844, `${lang}-XX`));
    await page.goto(`${site.url}?v=1&layout=${layout}&seed=3`);
    await readBoard(page);
    await openGuide(page);
    const title = await page.locator('.guide-title').textContent();
    const steps = await walk(page);
    const text = [title, ...steps.flatMap((s) => [s.count, s.heading, ...s.lines]),
      await page.getByTestId('guide').evaluate((g) => [...g.querySelectorAll('[aria-label], button')].map((e) => e.getAttribute('aria-label') || e.textContent).join('\n'))].join('\n');
    assert.deepEqual(englishIn(text), [], `${lang}:\n${text}`);
    assert.deepEqual(englishIn(text, GUIDE_ENGLISH), [], `${lang}:\n${text}`);
    // The guide's own markup (the board's hex buttons are the languages test's).
    assert.deepEqual(await axe(page, { include: [['[data-testid=guide]']] }), [], `${lang}: axe`);
    // A step with hexes to lay, for the screenshot kept in docs/.
    for (let i = steps.length; i > 1; i--) await page.keyboard.press('ArrowLeft');
    // A step laying terrain or tokens (past the box, the frame and the harbours).
    const laying = steps.findIndex((s, i) => i > 2 && s.lit.length >= 3);
    for (let i = 0; i < laying; i++) await page.keyboard.press('ArrowRight');
    await page.getByTestId('guide-count').getByText(steps[laying].count, { exact: true }).waitFor();
    if (lang !== 'es') await screenshot(page, `guide-${lang}-390`, { fullPage: false });
    assert.deepEqual(problems, []);
    await context.close();
  });
}
