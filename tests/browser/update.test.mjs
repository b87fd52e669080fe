// Deploys reaching returning players: the service worker, the release stamp and the
// Content-Security-Policy, as a player meets them. Two releases are made from one build:
// copies of dist/ with a marker in the page's title and in the search worker's loader,
// stamped anew by the build's own hook (scripts/stamp-release.mjs). They are served in turn
// at the same address, with GitHub Pages' ten-minute HTTP caching.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, serveDist, launchBrowser, openPage, readBoard, screenshot } from './harness.mjs';

const DIST = join(ROOT, 'dist');
// A broken update path should fail, not wait forever for a release that never comes.
const BOUNDED = { timeout: 180_000 };
// A reload or visit that is done once the document is parsed (see loadsUntil).
const PARSED = { waitUntil: 'domcontentloaded' };
const RELEASE_META = /<meta name="hexfair-release" content="([0-9a-f]{16})"/;

// What the first offline version shipped as sw.js (one cache, "hexfair-v1", for every
// deploy, served first): players who ran it must still get every later release.
const LEGACY_SW = `const CACHE = 'hexfair-v1';
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(['./'])).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.match(request, { ignoreSearch: request.mode === 'navigate' }).then((hit) => {
    const fetched = fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return response;
    }).catch(() => hit);
    return hit || fetched;
  }));
});
`;

let work;
let release1;
let release2;
let site;
let browser;

/** A copy of dist/ whose page and worker carry `marker`, stamped as a release of its own. */
async function makeRelease(name, marker) {
  const dir = join(work, name);
  await cp(DIST, dir, { recursive: true });
  const pagePath = join(dir, 'index.html');
  const html = await readFile(pagePath, 'utf8');
  assert.match(html, /<title>Hexfair: Catan board generator<\/title>/);
  await writeFile(pagePath, html.replace('<title>Hexfair: Catan board generator</title>', `<title>Hexfair: ${marker}</title>`));
  const loader = (await readdir(dir)).find((file) => /^hexfair-worker-[0-9a-f]{16}_loader\.js$/.test(file));
  assert.ok(loader, 'dist/ has a release-stamped worker loader');
  const code = await readFile(join(dir, loader), 'utf8');
  await writeFile(join(dir, loader), `self.hexfairMarker = ${JSON.stringify(marker)};\n${code}`);
  execFileSync(process.execPath, [join(ROOT, 'scripts/stamp-release.mjs'), dir], { encoding: 'utf8' });
  const id = (await readFile(pagePath, 'utf8')).match(RELEASE_META)[1];
  return { dir, marker, id };
}

/** The legacy offline version: a page that only registers the legacy sw.js. */
async function makeLegacySite() {
  const dir = join(work, 'legacy');
  await cp(DIST, dir, { recursive: true });
  await writeFile(join(dir, 'sw.js'), LEGACY_SW);
  await writeFile(join(dir, 'index.html'), '<!DOCTYPE html><title>Hexfair: legacy</title><p>legacy</p><script>navigator.serviceWorker.register("./sw.js")</script>');
  return dir;
}

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'hexfair-releases-'));
  release1 = await makeRelease('one', 'release 1');
  release2 = await makeRelease('two', 'release 2');
  site = await serveDist({ root: release1.dir, headers: { 'cache-control': 'max-age=600' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  site?.server.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const isSearchWorker = (worker) => /hexfair-worker-/.test(worker.url());

/** Whether a worker still answers: one of the document before may not be reported closed yet. */
const answers = (worker) => Promise.race([
  worker.evaluate(() => true).catch(() => false),
  new Promise((resolve) => setTimeout(() => resolve(false), 1000)),
]);

/**
 * The page's one search worker. A board from a link is drawn without a search, so the board
 * can be up before the browser has reported the worker the page started: wait for it then.
 */
async function searchWorker(page) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const live = [];
    for (const worker of page.workers().filter(isSearchWorker)) {
      if (await answers(worker)) live.push(worker);
    }
    if (live.length === 1) return live[0];
    assert.ok(Date.now() < deadline, `one search worker on the page, not ${live.length}`);
    await page.waitForTimeout(100);
  }
}

/** Which release the page and its search worker come from, once the board is up. */
async function showing(page) {
  await readBoard(page);
  const worker = await searchWorker(page);
  return {
    page: await page.locator('meta[name="hexfair-release"]').getAttribute('content'),
    title: await page.title(),
    worker: worker?.url().match(/hexfair-worker-([0-9a-f]{16})_loader\.js$/)?.[1],
    workerMarker: worker && await worker.evaluate(() => self.hexfairMarker),
  };
}

const expected = (release) => ({ page: release.id, title: `Hexfair: ${release.marker}`, worker: release.id, workerMarker: release.marker });

/**
 * Runs in the page and asks the service workers which release they hold. Without `wanted`:
 * the active worker's, or null (the legacy worker never answers). With it: waits until the
 * active worker holds `wanted` and has finished taking over (older caches dropped), or, with
 * `waiting`, until a worker holding it has at least installed.
 */
async function workerRelease({ wanted, waiting = false } = {}) {
  const ask = (worker) => new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage('release', [channel.port2]);
    setTimeout(() => resolve(null), 250);
  });
  for (;;) {
    const registration = await navigator.serviceWorker.getRegistration();
    const active = registration?.active;
    const answer = active ? await ask(active) : null;
    if (wanted === undefined) return answer;
    if (answer === wanted && active.state === 'activated') return answer;
    if (waiting && registration?.waiting && await ask(registration.waiting) === wanted) return wanted;
    await new Promise((next) => setTimeout(next, 100));
  }
}

/**
 * Opens the page again (`again`: a reload, or the address typed or tapped anew) at most twice
 * until the page and its worker are `release`; returns how many loads it took. A load counts
 * once its document is parsed (`showing` then waits for its board): the load event also waits
 * for files the player never waits on, and on a busy machine a reload once ran past
 * Playwright's 30 s for it while the service workers changed hands.
 */
async function loadsUntil(page, release, again) {
  const seen = [];
  for (let loads = 1; loads <= 2; loads++) {
    await again();
    const now = await page.locator('meta[name="hexfair-release"]').count() ? await showing(page) : {};
    if (now.page === release.id && now.worker === release.id) return { loads, seen };
    seen.push(now);
    // A player comes back later, not at once: let the update check this load started finish.
    await page.evaluate(workerRelease, { wanted: release.id, waiting: true });
  }
  return { loads: Infinity, seen };
}

const regenerate = async (page) => {
  const before = await readBoard(page);
  await page.getByTestId('regenerate').tap();
  await page.waitForFunction((seed) => document.querySelector('[data-testid=seed]').textContent.trim() !== seed, before.seed);
  return readBoard(page);
};

test('a changed file makes a new release; stamping an unchanged build again changes nothing', async () => {
  assert.notEqual(release1.id, release2.id);
  const again = join(work, 'one-again');
  await cp(release1.dir, again, { recursive: true });
  execFileSync(process.execPath, [join(ROOT, 'scripts/stamp-release.mjs'), again], { encoding: 'utf8' });
  const files = async (dir) => Promise.all((await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map(async (entry) => [join(entry.parentPath, entry.name).slice(dir.length), await readFile(join(entry.parentPath, entry.name))]))
    .then((list) => list.sort(([a], [b]) => a.localeCompare(b)));
  assert.deepEqual(await files(again), await files(release1.dir));
  // sw.js names every file of the release but itself and the page (cached under its address).
  const sw = await readFile(join(release1.dir, 'sw.js'), 'utf8');
  const listed = [...sw.matchAll(/"\.\/([^"]+)"/g)].map(([, name]) => name).sort();
  const onDisk = (await files(release1.dir)).map(([name]) => name.slice(1)).filter((name) => name !== 'sw.js' && name !== 'index.html').sort();
  assert.deepEqual(listed, onDisk);
  assert.match(sw, new RegExp(`^const RELEASE = '${release1.id}';$`, 'm'));
});

test('a new deploy reaches a player who came by the plain address or by a board link, page and worker alike, on the next load, and then works offline', BOUNDED, async () => {
  let link;
  const ways = [
    { entry: 'plain address', open: () => site.url, again: (page) => page.reload(PARSED), sameBoard: true },
    { entry: 'board link', open: () => link, again: (page) => page.reload(PARSED), sameBoard: true },
    // Not a reload: the home-screen icon opens the plain address, and the HTTP cache (which
    // holds it from the first visit) may answer an ordinary navigation by itself.
    {
      entry: 'plain address opened again',
      open: () => site.url,
      again: async (page) => {
        await page.goto('about:blank');
        await page.goto(site.url, PARSED);
      },
      sameBoard: false,
    },
  ];
  for (const { entry, open, again, sameBoard } of ways) {
    site.root = release1.dir;
    const { context, page, problems } = await openPage(browser, site.origin);
    await page.goto(open());
    assert.equal(await page.evaluate(() => window.hexfairOffline), true, `${entry}: release 1 is cached`);
    assert.deepEqual(await showing(page), expected(release1), entry);
    // A board changes the address to a ?b= link: the case that used to keep the old release.
    const board = await regenerate(page);
    const address = page.url();
    assert.match(address, /\?b=/);
    link ??= address;

    site.root = release2.dir;
    const { loads, seen } = await loadsUntil(page, release2, () => again(page));
    // Two at most is the promise; the page coming from the network first makes it one.
    assert.equal(loads, 1, `${entry}: release 2 on the first load after the deploy (took ${loads}; saw ${JSON.stringify(seen)})`);
    assert.deepEqual(await showing(page), expected(release2), entry);
    if (sameBoard) assert.deepEqual(await readBoard(page), board, `${entry}: the link still shows the same board`);
    const shownBoard = await readBoard(page);
    assert.equal(await page.evaluate(() => window.hexfairOffline), true, `${entry}: release 2 is cached`);
    await page.evaluate(workerRelease, { wanted: release2.id });
    const cacheNames = await page.evaluate(() => caches.keys());
    assert.deepEqual(cacheNames.map((name) => name.split(' ').at(-1)), [release2.id], `${entry}: release 1's cache is gone`);

    await context.setOffline(true);
    await page.reload();
    assert.deepEqual(await showing(page), expected(release2), `${entry}: offline, from the cache`);
    assert.deepEqual(await readBoard(page), shownBoard);
    const offlineBoard = await regenerate(page);
    assert.notEqual(offlineBoard.seed, shownBoard.seed, `${entry}: a new board offline`);
    await context.setOffline(false);
    assert.deepEqual(problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), [], entry);
    await context.close();
  }
});

test('a player held by the first offline version (one cache for every deploy) gets the new release within two reloads', BOUNDED, async () => {
  site.root = await makeLegacySite();
  const { context, page } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  assert.equal(await page.title(), 'Hexfair: legacy');
  assert.equal(await page.evaluate(workerRelease), null, 'the legacy worker is in charge');

  site.root = release2.dir;
  const { loads, seen } = await loadsUntil(page, release2, () => page.reload(PARSED));
  assert.ok(loads <= 2, `release 2 within two reloads (${loads}; saw ${JSON.stringify(seen)})`);
  assert.deepEqual(await showing(page), expected(release2));
  await page.evaluate(workerRelease, { wanted: release2.id });
  assert.equal(await page.evaluate(() => caches.has('hexfair-v1')), false, 'the legacy cache is gone');
  await context.close();
});

test('a release that arrives during a game is offered, not swapped in; tapping the offer reloads into it with the same board', BOUNDED, async () => {
  site.root = release1.dir;
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  assert.equal(await page.evaluate(() => window.hexfairOffline), true);
  const board = await regenerate(page);
  const offer = page.getByRole('button', { name: 'New version: tap to reload' });
  assert.equal(await offer.count(), 0, 'no offer while the page is the newest release');

  site.root = release2.dir;
  // What the page does by itself when the player comes back to it.
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration.update()));
  await offer.waitFor();
  assert.deepEqual(await showing(page), expected(release1), 'the game goes on in release 1');
  assert.deepEqual(await readBoard(page), board);
  assert.equal(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null)), true, 'release 2 waits');
  assert.equal(await page.getByRole('status').filter({ has: offer }).count(), 1, 'announced as a status');
  await screenshot(page, 'phone-update-offer');

  // The offer sits above the app: it covers neither the board nor any control.
  const offerBox = await offer.boundingBox();
  const covered = await page.evaluate(({ x, y, width, height }) => [...document.querySelectorAll('svg.board, button, input, select')]
    .filter((el) => !el.closest('.update'))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.left < x + width && x < r.right && r.top < y + height && y < r.bottom).length, offerBox);
  assert.equal(covered, 0, 'nothing under the offer');

  const reloaded = page.waitForEvent('load');
  await offer.tap();
  await reloaded;
  assert.deepEqual(await showing(page), expected(release2));
  assert.deepEqual(await readBoard(page), board, 'the same board after the reload');
  assert.equal(await offer.count(), 0, 'no offer once the page is the new release');
  assert.equal(await page.evaluate(workerRelease, { wanted: release2.id }), release2.id);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the page runs under a Content-Security-Policy that refuses scripts the build did not write', BOUNDED, async () => {
  site.root = release1.dir;
  const { context, page, problems } = await openPage(browser, site.origin);
  await page.goto(site.url);
  await readBoard(page);
  assert.deepEqual(problems, [], 'the app itself breaks no rule of the policy');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  const scriptSrc = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
  assert.doesNotMatch(scriptSrc, /'unsafe-inline'|'unsafe-eval'|HEXFAIR/);
  assert.match(scriptSrc, /'sha256-/);
  // An injected script is refused, and the refusal is reported.
  const refused = await page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true });
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.head.append(script);
    setTimeout(() => resolve('no report'), 1000);
  }));
  assert.equal(refused, 'script-src-elem');
  assert.equal(await page.evaluate(() => window.injected), undefined);
  await context.close();
});
