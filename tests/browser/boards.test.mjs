// Every board of the catalogue, as the picker offers it: each opens from its link without a
// console error, draws as many land and sea hexes as its description file deals,
// shows fog face down, and draws the villages, fishing grounds, rivers, printed pieces and
// rule hexes (oasis, castle, quarry, glassworks) its board has. One board a game is photographed on a phone and a desktop.
// Figures land in tests/browser/screenshots/boards.json.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ROOT, site, browser, shareSiteAndBrowser, openPage, readBoard, openTab, screenshot, writeReport, axe, PHONE, DESKTOP,
} from './harness.mjs';

const BOARDS = join(ROOT, 'crates/engine/src/catalogue/boards');

shareSiteAndBrowser();
const figures = {};
after(() => writeReport('boards', figures));

/** The picker's boards: `{ game, name, words }` for each option, in the order offered. */
async function pickerBoards(page) {
  await page.locator('select[data-testid=layout] option').first().waitFor({ state: 'attached' });
  return page.evaluate(() => [...document.querySelectorAll('select[data-testid=layout] optgroup')]
    .flatMap((group) => [...group.querySelectorAll('option')]
      .map((o) => ({ game: group.label, name: o.value, words: o.textContent.trim() }))));
}

/** What the board on screen draws besides its hexes, counted by kind. */
function drawn(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('svg.board');
    const count = (selector) => svg.querySelectorAll(selector).length;
    const pieces = {};
    for (const p of svg.querySelectorAll('g.piece')) pieces[p.dataset.piece] = (pieces[p.dataset.piece] ?? 0) + 1;
    const faceDown = [...svg.querySelectorAll('g.hex[data-fog=down]')];
    return {
      hexes: count('g.hex'),
      sea: count('g.hex[data-terrain=sea]'),
      fogDown: faceDown.length,
      // A face-down hex shows nothing of what lies under it: no token, no numeral.
      fogShowing: faceDown.filter((h) => h.querySelector('g.token, text')).length,
      fogTitled: faceDown.filter((h) => h.querySelector('title')?.textContent === 'Fog, face down').length,
      fishing: count('g.fishing'),
      fishingNumbered: [...svg.querySelectorAll('g.fishing')].filter((g) => g.querySelector('text.number')?.textContent === g.dataset.number).length,
      rivers: count('g.river'),
      // Hexes carrying a second token beside their own: each as [token, second token].
      stacked: [...svg.querySelectorAll('g.hex')].filter((h) => h.querySelectorAll('g.token').length === 2)
        .map((h) => [...h.querySelectorAll('g.token')].map((t) => Number(t.dataset.number))),
      lakes: count('g.hex[data-terrain=lake]'),
      // Hexes that yield nothing but carry rules, each drawn with its own icon and named.
      // The trade hexes that yield in the official combinations are drawn as their building and
      // named with what they yield.
      ruleHexes: Object.fromEntries(Object.entries({
        oasis: 'Oasis', castle: 'Castle', quarry: 'Quarry', glassworks: 'Glassworks',
        'castle-yielding-wool': 'Castle, yields wool',
        'quarry-yielding-brick': 'Quarry, yields brick',
        'glassworks-yielding-lumber': 'Glassworks, yields lumber',
      })
        .map(([t, title]) => [t, [...svg.querySelectorAll(`g.hex[data-terrain=${t}]`)]
          // A hex's title names its terrain, then any numbers it yields on ("Castle, yields wool, 12").
          .filter((h) => {
            const named = h.querySelector('title')?.textContent ?? '';
            const token = `${title}, ${h.dataset.number}`;
            return h.querySelector('path') && (named === title || named === token || named.startsWith(`${token} and `));
          }).length])
        .filter(([, n]) => n > 0)),
      pieces,
      untitled: [...svg.querySelectorAll('g.piece, g.fishing, g.river')].filter((g) => !g.querySelector('title')?.textContent).length,
    };
  });
}

/**
 * What a board's description file (crates/engine/src/catalogue/boards/) puts on the board, read from the
 * file itself: fog cells, fishing grounds, rivers, and the printed pieces by name.
 */
async function printed(name) {
  const files = (await readdir(BOARDS, { recursive: true })).filter((f) => f.endsWith('.board'));
  for (const file of files) {
    const lines = (await readFile(join(BOARDS, file), 'utf8')).split('\n').map((l) => l.replace(/#.*/, '').trim());
    if (!lines.includes(`layout ${name}`)) continue;
    const words = lines.map((l) => l.split(/\s+/));
    const pieces = {};
    for (const [kind, piece] of words) if (kind === 'corner' || kind === 'edge') pieces[piece] = (pieces[piece] ?? 0) + 1;
    // Fog zones by letter, then the map's cells of those zones (`f` or `f=G4`).
    const fogZones = new Set();
    let zone = null;
    for (const w of words) {
      if (w[0] === 'zone') zone = w[1];
      else if (w[0] === 'fog' && zone) fogZones.add(zone);
    }
    const start = lines.indexOf('map');
    const end = lines.indexOf('', start);
    // A row is `x0: codes`; a code may hold a colon itself (`m:P`, printed terrain over a drawn token).
    const cells = lines.slice(start + 1, end).flatMap((row) => row.slice(row.indexOf(':') + 1).trim().split(/\s+/));
    // Sea: the map's fixed sea and the sea tiles shuffled into zones (`~4` in a terrain line).
    const shuffledSea = words.filter((w) => w[0] === 'terrain')
      .flatMap((w) => w.slice(1)).filter((t) => t.startsWith('~')).reduce((sum, t) => sum + Number(t.slice(1)), 0);
    const real = cells.filter((c) => c !== '.');
    // Second tokens: printed beside a hex's own (`F2+12`), or stacked on a number (`stack 2 on 12`).
    const stacked = [
      ...real.filter((c) => c.includes('+')).map((c) => c.split('=').pop().match(/\d+/g).map(Number)),
      ...words.filter((w) => w[0] === 'stack').flatMap((w) => w.slice(1, -2).map((t) => [Number(w.at(-1)), Number(t)])),
    ];
    // Printed rule hexes (`O`, `t=C`): Traders & Barbarians' oasis, castle, quarry and
    // glassworks, and the trade hexes that yield (`c=K12`, `m:B`).
    const ruleLetters = {
      O: 'oasis', C: 'castle', Q: 'quarry', V: 'glassworks',
      K: 'castle-yielding-wool', B: 'quarry-yielding-brick', T: 'glassworks-yielding-lumber',
    };
    const ruleHexes = {};
    for (const c of real) {
      const kind = ruleLetters[c.split(/[=:]/).pop().replace(/\d.*/, '')];
      if (kind) ruleHexes[kind] = (ruleHexes[kind] ?? 0) + 1;
    }
    return {
      ruleHexes,
      stacked,
      cells: real.length,
      sea: real.filter((c) => c.split('=').pop() === '~').length + shuffledSea,
      fog: cells.filter((c) => fogZones.has(c.split('=')[0])).length,
      fishing: words.filter((w) => w[0] === 'fishing').length,
      rivers: words.filter((w) => w[0] === 'river').length,
      pieces,
    };
  }
  throw new Error(`no board file names ${name}`);
}

const SEED = 7;

test('the picker groups every board by game and names it by scenario and players', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, DESKTOP);
  await page.goto(site.url);
  const boards = await pickerBoards(page);
  const games = [...new Set(boards.map((b) => b.game))];
  assert.deepEqual(games.slice(0, 2), ['Catan', 'Seafarers']);
  assert.ok(games.includes('Traders & Barbarians'), `games: ${games}`);
  // Legacy boards are not offered.
  assert.ok(!boards.some((b) => b.name === 'seafarers'), 'the pre-correction board is not offered');
  for (const b of boards) assert.match(b.words, /player/, `${b.name}: "${b.words}" says how many play`);
  assert.ok(boards.some((b) => b.words === 'Fog Islands — 3 players'), boards.map((b) => b.words).join(' | '));
  figures.picker = boards;
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link to a legacy board still opens it, and the picker says where it came from', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, DESKTOP);
  await page.goto(`${site.url}?v=1&layout=seafarers&seed=${SEED}`);
  const shown = await readBoard(page);
  assert.equal(shown.terrain.length, 42);
  const chosen = await page.evaluate(() => {
    const select = document.querySelector('select[data-testid=layout]');
    const option = select.selectedOptions[0];
    return { value: select.value, group: option.parentElement.label };
  });
  assert.deepEqual(chosen, { value: 'seafarers', group: 'Opened from a link' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('every board opens, deals its cells and draws every piece it has', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, DESKTOP);
  await page.goto(site.url);
  const boards = await pickerBoards(page);
  assert.ok(boards.length >= 20, `${boards.length} boards offered`);
  figures.boards = {};
  // Every board is checked, and every failing board named at the end.
  const failures = [];
  for (const { name, game } of boards) try {
    await page.goto(`${site.url}?v=1&layout=${name}&seed=${SEED}`);
    const shown = await readBoard(page);
    const d = await drawn(page);
    const facts = await printed(name);
    figures.boards[name] = { game, ...d };
    // As many hexes, and as many of them sea, as the board's file deals (bags fix the counts).
    assert.equal(d.hexes, facts.cells, `${name}: hexes`);
    assert.equal(shown.terrain.length, facts.cells, `${name}: cells read back`);
    assert.equal([...shown.terrain].filter((t) => t === 'S').length, facts.sea, `${name}: sea`);
    assert.equal(d.sea, facts.sea, `${name}: sea hexes in the picture's data`);
    assert.equal(d.fogDown, facts.fog, `${name}: fog face down`);
    assert.equal(d.fogShowing, 0, `${name}: a face-down hex shows a number`);
    assert.equal(d.fogTitled, facts.fog, `${name}: face-down hexes are named so`);
    assert.equal(d.fishing, facts.fishing, `${name}: fishing grounds`);
    assert.equal(d.fishingNumbered, facts.fishing, `${name}: each fishing ground writes its number`);
    assert.equal(d.rivers, facts.rivers, `${name}: rivers`);
    // A printed second number rides with the hex's first, a stacked one with its number.
    const pairs = (list) => list.map((p) => p.join('+')).sort();
    assert.deepEqual(pairs(d.stacked), pairs(facts.stacked), `${name}: tokens stacked or printed in pairs`);
    assert.deepEqual(d.pieces, facts.pieces, `${name}: printed pieces`);
    assert.deepEqual(d.ruleHexes, facts.ruleHexes, `${name}: oasis, castle, quarry and glassworks, drawn and named`);
    assert.equal(d.untitled, 0, `${name}: every piece has a title`);
    const notice = await page.locator('[role=alert], .error').allTextContents();
    assert.deepEqual(notice, [], `${name}: no error shown`);
  } catch (e) {
    failures.push(e.message.split('\n')[0]);
  }
  figures.failures = failures;
  assert.deepEqual(failures, []);
  assert.deepEqual(problems, [], 'no console error on any board');
  await context.close();
});

test('fog turns face up on request and back', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, PHONE);
  await page.goto(`${site.url}?v=1&layout=fog-islands-5-6&seed=${SEED}`);
  await readBoard(page);
  const down = await drawn(page);
  const fog = (await printed('fog-islands-5-6')).fog;
  assert.equal(down.fogDown, fog);
  await page.getByTestId('reveal-fog').click();
  await page.waitForFunction(() => !document.querySelector('svg.board g.hex[data-fog=down]'));
  assert.equal(await page.locator('svg.board g.hex[data-fog=up]').count(), fog);
  assert.equal(await page.getByTestId('reveal-fog').getAttribute('aria-pressed'), 'true');
  await page.getByTestId('reveal-fog').click();
  await page.locator('svg.board g.hex[data-fog=down]').first().waitFor();
  assert.equal(await page.locator('svg.board g.hex[data-fog=down]').count(), fog);
  assert.deepEqual(problems, []);
  await context.close();
});

// One board a game, the one showing most of what the game adds.
const PHOTOGRAPHED = {
  base: 'base',
  'fog-islands': 'fog-islands-5-6',
  'cloth-for-catan': 'cloth-for-catan-3-4',
  'pirate-islands': 'pirate-islands-5-6',
  'wonders-of-catan': 'wonders-of-catan-3-4',
  'forgotten-tribe': 'forgotten-tribe-3-4',
  fishermen: 'fishermen-inland-3-4',
  rivers: 'rivers-stacked-3-4',
  caravans: 'caravans-3-4',
  'traders-and-barbarians': 'traders-and-barbarians-3-4',
  'barbarian-attack': 'barbarian-attack-3-4',
  'rivers-caravans': 'rivers-caravans-3-4',
  'barbarian-attack-traders': 'barbarian-attack-traders-3-4',
  'rivers-traders': 'rivers-traders-3-4',
  'caravans-traders': 'caravans-traders-3-4',
};

test('one board a game at phone and desktop size', async () => {
  for (const [view, options] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
    const { context, page, problems } = await openPage(browser, site.origin, options);
    for (const name of Object.values(PHOTOGRAPHED)) {
      await page.goto(`${site.url}?v=1&layout=${name}&seed=${SEED}`);
      await readBoard(page);
      await page.locator('svg.board').scrollIntoViewIfNeeded();
      await screenshot(page, `boards-${view}-${name}`, { fullPage: false });
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a board printed whole says it has nothing to balance instead of a score against itself', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, DESKTOP);
  for (const [name, printedWhole] of [['pirate-islands-3-4', true], ['pirate-islands-5-6', true], ['forgotten-tribe-3-4', false]]) {
    await page.goto(`${site.url}?v=1&layout=${name}&seed=${SEED}`);
    await readBoard(page);
    await openTab(page, 'Balance');
    assert.equal(await page.getByTestId('score').count(), printedWhole ? 0 : 1, `${name}: a score`);
    assert.equal(await page.locator('.score [role=meter]').count(), printedWhole ? 5 : 11, `${name}: the pips of each resource, and the factors beside them`);
    const said = await page.getByTestId('score-printed').allTextContents();
    assert.deepEqual(said, printedWhole ? ['Every hex and number of this board is printed, the same on every deal: there is nothing to balance, so it has no score.'] : [], name);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a board with printed pieces passes axe', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, PHONE);
  await page.goto(`${site.url}?v=1&layout=pirate-islands-5-6&seed=${SEED}`);
  await readBoard(page);
  assert.ok(await page.locator('svg.board g.piece').count() > 0);
  assert.deepEqual(await axe(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});
