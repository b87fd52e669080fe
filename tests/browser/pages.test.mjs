// The site as GitHub Pages publishes it. scripts/build-site.sh builds dist/ for a public URL
// under a sub-path, as .github/workflows/pages.yml does for the repository's name, and the
// harness serves it there and nowhere else, so every browser test runs on the deployed build.
// This file follows what depends on that path through one player's visit: the page's files,
// both workers, the language files, the service worker's scope, a shared link, the QR code's
// link, the PNG and an offline reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, SUB_PATH, PHONE, openPage, openTab, readBoard, shareSiteAndBrowser, site, browser } from './harness.mjs';

shareSiteAndBrowser();

test('dist/ is built for the site path: every file the page names is under it', async () => {
  const page = await readFile(join(ROOT, 'dist/index.html'), 'utf8');
  const named = [...page.matchAll(/(?:href|src)="([^"]+)"|from '([^']+)'|module_or_path: '([^']+)'/g)]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((url) => /\.(?:js|wasm|css|svg)$/.test(url) && !url.startsWith('#'));
  const built = named.filter((url) => /^(?:\.\/|\/)?(?:hexfair-web-|style-|icon-)/.test(url.replace(SUB_PATH, '')));
  assert.ok(built.length >= 4, `Trunk's files are named in the page: ${built.join(', ')}`);
  for (const url of built) assert.ok(url.startsWith(SUB_PATH), `${url} is under ${SUB_PATH} (scripts/build-site.sh ${SUB_PATH})`);
});

test('a visit at the site path: board, workers, words, link, QR code, PNG and offline reload stay under it', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, { ...PHONE, acceptDownloads: true, locale: 'en-US' });
  const first = site.sent.length;
  await page.goto(site.url);
  const shown = await readBoard(page);
  assert.ok(page.url().startsWith(`${site.url}?b=`), `the address carries the board under the site path: ${page.url()}`);

  // The search worker answers Regenerate; the play worker plays the Seats tab's chances.
  await page.getByTestId('regenerate').tap();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed, shown.seed);
  const board = await readBoard(page);
  await openTab(page, 'Seats');
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });

  // The QR code of the Saved tab carries the page's own address, sub-path and all.
  await openTab(page, 'Saved');
  await page.getByTestId('qr-button').click();
  assert.equal(await page.getByTestId('qr-link').textContent(), page.url());
  await page.getByTestId('qr-close').click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download the board as a PNG/ }).tap();
  const png = await readFile(await (await download).path());
  assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG');

  // German words come from the site's own lang/ folder.
  await openTab(page, 'Board');
  await page.getByTestId('language').selectOption('de');
  await page.getByTestId('regenerate').getByText('Neu mischen').waitFor();

  // The service worker serves the site path alone (a github.io origin holds every project
  // site of its owner), and the site reloads from it with no network.
  assert.equal(await page.evaluate(() => window.hexfairOffline), true, 'offline-ready');
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope), site.url);
  await context.setOffline(true);
  await page.reload();
  assert.deepEqual(await readBoard(page), board, 'the same board, from the cache');
  await page.getByTestId('regenerate').getByText('Neu mischen').waitFor();
  await context.setOffline(false);

  const asked = site.sent.slice(first).map((s) => s.path);
  for (const [what, file] of [
    ['the page wasm', /^\/hexfair\/hexfair-web-[0-9a-f]+_bg\.wasm$/],
    ['the search worker', /^\/hexfair\/hexfair-worker-[0-9a-f]{16}_loader\.js$/],
    ['the play worker', /^\/hexfair\/hexfair-play-[0-9a-f]{16}_bg\.wasm$/],
    ["the linked board's module", /^\/hexfair\/hexfair-link-[0-9a-f]{16}_bg\.wasm$/],
    ['the German words', /^\/hexfair\/lang\/de\.json$/],
    ['the service worker', /^\/hexfair\/sw\.js$/],
  ]) assert.ok(asked.some((path) => file.test(path)), `${what} came from under ${SUB_PATH}: ${asked.join(' ')}`);
  assert.deepEqual(site.refused, [], 'nothing was asked for outside the site path');
  assert.deepEqual(problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), []);
  await context.close();
});
