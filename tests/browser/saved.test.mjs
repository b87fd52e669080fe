// Boards kept on the device: saved by name and a history, both surviving a reload, opened
// exactly as kept; a stored value that cannot be read; storage that refuses; and the QR code
// of the link, decoded here (jsQR) from what the screen shows.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, openTab, screenshot, boardDrawn, inSight, SCREENSHOTS, PHONE, DESKTOP,
} from './harness.mjs';

const STORAGE_KEY = 'hexfair.kept-boards';

shareSiteAndBrowser();
before(() => mkdir(SCREENSHOTS, { recursive: true }));

/** The board on screen and its address, once no search is under way. */
async function shown(page) {
  const board = await readBoard(page);
  return { ...board, url: page.url(), query: new URL(page.url()).search.slice(1) };
}

/**
 * The board on screen once the address bar carries `query`: the page puts a board's link in
 * the address bar a render after the board itself.
 */
async function shownAt(page, query) {
  await page.waitForFunction((q) => window.location.search.slice(1) === q, query);
  return shown(page);
}

async function regenerate(page) {
  const before = await shown(page);
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed, before.seed);
  await page.waitForFunction((q) => window.location.search.slice(1) !== q, before.query);
  return shown(page);
}

const savedNames = (page) => page.locator('[data-testid=saved-item] .kept-name').allTextContents();
const historyQueries = (page) => page.locator('[data-testid=history-item]').evaluateAll(
  (items) => items.map((li) => li.dataset.query),
);

test('a board saved under a name survives a reload and opens as it was; rename and delete', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await openTab(page, 'Saved');
  const kept = await shown(page);
  await page.getByTestId('save-name').fill('  Friday game ');
  await page.getByTestId('save').click();
  assert.equal(await page.getByTestId('saved-status').textContent(), 'Saved as “Friday game”.');
  assert.equal(await page.getByTestId('save-name').inputValue(), '', 'the field is ready for the next');

  await page.reload();
  await openTab(page, 'Saved');
  assert.deepEqual(await shown(page), kept);
  await page.getByTestId('saved-item').first().waitFor();
  assert.deepEqual(await savedNames(page), ['Friday game']);
  assert.equal(await page.getByTestId('saved-item').getAttribute('data-query'), kept.query);
  assert.match(await page.getByTestId('saved-item').textContent(), /Base game \(3-4 players\) · seed \d+ · Balanced/);

  const other = await regenerate(page);
  assert.notEqual(other.query, kept.query);
  await page.getByRole('button', { name: 'Open “Friday game”' }).click();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() === seed, kept.seed);
  assert.deepEqual(await shownAt(page, kept.query), kept, 'the same board, seed and address');
  assert.equal(await page.getByRole('button', { name: 'Open “Friday game”' }).isDisabled(), true, 'it is on screen');
  // Back returns to the board shown before opening.
  await page.getByRole('button', { name: /^Back/ }).click();
  assert.deepEqual(await shownAt(page, other.query), other);

  // A second board, then renaming the first in place.
  await page.getByTestId('save-name').fill('Sunday');
  await page.getByTestId('save').click();
  assert.deepEqual(await savedNames(page), ['Sunday', 'Friday game']);
  await page.getByRole('button', { name: 'Rename “Friday game”' }).click();
  await page.getByTestId('rename-name').fill('Friday, the close one');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  assert.deepEqual(await savedNames(page), ['Sunday', 'Friday, the close one']);
  await page.screenshot({ path: join(SCREENSHOTS, 'saved-list.png'), fullPage: true });
  await page.getByTestId('saved-panel').screenshot({ path: join(SCREENSHOTS, 'saved-panel.png') });

  // A name that is too long is refused in words and nothing changes.
  await page.getByTestId('save-name').evaluate((input) => input.removeAttribute('maxlength'));
  await page.getByTestId('save-name').fill('x'.repeat(41));
  await page.getByTestId('save').click();
  assert.equal(await page.getByTestId('saved-problem').textContent(), 'A name is at most 40 characters; this one has 41.');
  assert.deepEqual(await savedNames(page), ['Sunday', 'Friday, the close one']);

  await page.getByRole('button', { name: 'Delete “Sunday”' }).click();
  assert.equal(await page.getByTestId('saved-status').textContent(), 'Deleted “Sunday”.');
  assert.deepEqual(await savedNames(page), ['Friday, the close one']);
  await page.reload();
  await openTab(page, 'Saved');
  await page.getByTestId('saved-item').first().waitFor();
  assert.deepEqual(await savedNames(page), ['Friday, the close one']);
  const stored = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY));
  assert.equal(stored.version, 1);
  assert.deepEqual(stored.saved.map((s) => [s.name, s.query]), [['Friday, the close one', kept.query]]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Share on a saved board passes on its link, not the one on screen', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, DESKTOP);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  await page.goto(site.url);
  await openTab(page, 'Saved');
  const kept = await shown(page);
  await page.getByTestId('save-name').fill('to pass on');
  await page.getByTestId('save').click();
  await regenerate(page);
  await page.getByRole('button', { name: 'Share “to pass on”' }).click();
  await page.waitForFunction(() => /Link copied|Shared|Not shared/.test(document.querySelector('[data-testid=saved-status]')?.textContent));
  const words = await page.getByTestId('saved-status').textContent();
  if (words === 'Link copied.') {
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), kept.url);
  } else {
    assert.match(words, /^(Shared|Not shared)\.$/);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the history lists the boards shown, newest first, after a reload, and opens them', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await openTab(page, 'Saved');
  const first = await shown(page);
  const second = await regenerate(page);
  const third = await regenerate(page);
  await page.reload();
  await openTab(page, 'Saved');
  assert.deepEqual(await shown(page), third);
  await page.getByTestId('history-item').nth(2).waitFor();
  assert.deepEqual(await historyQueries(page), [third.query, second.query, first.query]);
  assert.equal(await page.getByTestId('history-item').first().textContent().then((t) => t.includes('On screen')), true);
  await page.getByTestId('history-item').nth(2).getByRole('button', { name: /^Open/ }).click();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() === seed, first.seed);
  assert.deepEqual(await shownAt(page, first.query), first);
  // Shown again, it moves to the top rather than appearing twice.
  assert.deepEqual(await historyQueries(page), [first.query, third.query, second.query]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('boards kept by the release that wrote them with serde_json still show, names intact', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await openTab(page, 'Saved');
  const kept = await shown(page);
  // Byte for byte what serde_json wrote (src/app/saved.rs), plus a field a later release
  // might add, which is ignored as serde ignored it.
  const name = 'Ana\'s "big" game \\ é 😀';
  const stored = `{"version":1,"saved":[{"name":${JSON.stringify(name)},"query":"${kept.query}","at":1700000000000}],`
    + `"history":[{"query":"${kept.query}","at":1700000000000}],"later":{"x":[1.5,null,true]}}`;
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEY, stored]);
  await page.reload();
  await openTab(page, 'Saved');
  await page.getByTestId('saved-item').first().waitFor();
  assert.deepEqual(await savedNames(page), [name]);
  assert.deepEqual(await historyQueries(page), [kept.query]);
  await regenerate(page);
  await page.getByTestId('saved-item').first().getByRole('button', { name: /^Open/ }).click();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() === seed, kept.seed);
  assert.deepEqual((await shown(page)).terrain, kept.terrain);
  // Written back in the same shape, the name unchanged.
  const written = JSON.parse(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY));
  assert.deepEqual(written.saved.map((s) => [s.name, s.query, s.at]), [[name, kept.query, 1700000000000]]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a stored value that cannot be read gives a notice, is set aside, and the page works', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await openTab(page, 'Saved');
  await readBoard(page);
  await page.evaluate((key) => localStorage.setItem(key, '{"saved": [oops'), STORAGE_KEY);
  await page.reload();
  await openTab(page, 'Saved');
  const notice = page.getByTestId('notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /The boards kept on this device could not be read \(it is not a list of Hexfair boards\), so a new list begins; the old one is set aside/);
  assert.equal(await page.evaluate((key) => localStorage.getItem(`${key}.unreadable`), STORAGE_KEY), '{"saved": [oops');
  await readBoard(page);
  await page.getByTestId('save-name').fill('after the damage');
  await page.getByTestId('save').click();
  assert.deepEqual(await savedNames(page), ['after the damage']);
  await regenerate(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('storage that refuses to keep anything is said in words, and the board still works', async () => {
  const { context, page, problems } = await openPage(browser, site.origin);
  await context.addInitScript(() => {
    Storage.prototype.setItem = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  });
  await page.goto(site.url);
  await openTab(page, 'Saved');
  await readBoard(page);
  await page.getByTestId('save-name').fill('no room');
  await page.getByTestId('save').click();
  assert.match(await page.getByTestId('saved-problem').textContent(), /storage for the page is full/);
  assert.equal(await page.getByTestId('save-name').inputValue(), 'no room', 'the name stays to try again');
  assert.equal(await page.getByTestId('saved-item').count(), 0);
  await regenerate(page);
  assert.deepEqual(problems, []);
  await context.close();
});

/** Reads a QR code from a PNG of the screen (decoded by the page's own image decoder). */
async function decodeQr(page, png) {
  const { width, height, data } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    // As base64: a plain array of a million numbers is slow to pass back.
    let bytes = '';
    for (let i = 0; i < pixels.data.length; i += 0x8000) {
      bytes += String.fromCharCode(...pixels.data.subarray(i, i + 0x8000));
    }
    return { width: pixels.width, height: pixels.height, data: btoa(bytes) };
  }, png.toString('base64'));
  return jsQR(new Uint8ClampedArray(Buffer.from(data, 'base64')), width, height);
}

for (const colorScheme of ['light', 'dark']) {
  test(`the QR code decodes to the page's address (${colorScheme} colour scheme)`, async () => {
    // A phone-sized window without mobile emulation's zoom-out, which offsets element
    // screenshots on a page wider than the screen.
    const { context, page, problems } = await openPage(browser, site.origin, {
      viewport: PHONE.viewport, deviceScaleFactor: 2, colorScheme,
    });
    await page.goto(site.url);
    await openTab(page, 'Saved');
    const board = await regenerate(page);
    const button = page.getByTestId('qr-button');
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    const code = page.locator('[data-testid=qr] .qr-code');
    const box = await code.boundingBox();
    assert.ok(box.width >= 200 && box.height >= 200, `${box.width}x${box.height} CSS px`);
    assert.equal(await page.getByTestId('qr-link').textContent(), board.url);
    const png = await code.screenshot({ path: join(SCREENSHOTS, `qr-${colorScheme}.png`) });
    const read = await decodeQr(page, png);
    assert.ok(read, 'a QR code was found on screen');
    assert.equal(read.data, board.url);
    assert.equal(read.data, page.url());
    // Dark modules on a light ground, whatever the page's colours: the quiet zone is white.
    const corner = await code.evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(corner, 'rgb(255, 255, 255)');
    if (colorScheme === 'light') await screenshot(page, 'saved-qr', { fullPage: false });
    // Hidden again, and shown for the next board: the code follows the board on screen.
    await page.getByTestId('qr-close').click();
    await code.waitFor({ state: 'detached' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    const next = await regenerate(page);
    await button.click();
    const again = await decodeQr(page, await code.screenshot());
    assert.equal(again?.data, next.url);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// The code is for the next phone at the table: shown whole over the page, at a size a camera
// reads, while the board underneath keeps its size; Close, Escape or a tap beside it put it
// away, and the focus goes back to the button that showed it.
const phone = (width, height) => ({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
for (const [name, screen] of Object.entries({ phone: PHONE, narrow: phone(320, 568), landscape: phone(844, 390), tablet: phone(820, 1180) })) {
  test(`${name}: the QR code shows whole, and the board keeps its size`, async () => {
    const { context, page, problems } = await openPage(browser, site.origin, screen);
    await page.goto(site.url);
    await readBoard(page);
    await openTab(page, 'Saved');
    const board = await boardDrawn(page);
    const button = page.getByTestId('qr-button');
    for (const away of ['close', 'Escape', 'beside']) {
      await button.tap();
      const code = page.locator('[data-testid=qr] .qr-code');
      await code.waitFor({ timeout: 30_000 });
      assert.deepEqual(await boardDrawn(page), board, `${name}: the board keeps its size`);
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'qr-close', `${name}: the focus on its Close`);
      const box = await code.boundingBox();
      assert.ok(box.width >= 200 && box.height >= 200, `${name}: the code is ${box.width}x${box.height} CSS px`);
      assert.equal(await inSight(page, '[data-testid=qr] .qr-code'), 1, `${name}: the code wholly in sight`);
      assert.equal(await inSight(page, '[data-testid=qr-close]'), 1, `${name}: its Close in sight`);
      assert.equal(await page.evaluate(() => document.scrollingElement.scrollTop), 0, `${name}: the page unscrolled`);
      if (away === 'close') {
        await screenshot(page, `saved-qr-${name}`, { fullPage: false });
        await page.getByTestId('qr-close').tap();
      } else if (away === 'Escape') {
        await page.keyboard.press('Escape');
      } else {
        // A tap on the dimmed page round the code.
        await page.touchscreen.tap(3, 3);
      }
      await code.waitFor({ state: 'detached' });
      assert.equal(await button.getAttribute('aria-expanded'), 'false', `${name}, ${away}: the button says it is hidden`);
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'qr-button', `${name}, ${away}: the focus is back`);
      assert.deepEqual(await boardDrawn(page), board);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}
