// Shared set-up for the browser tests: a static server for dist/ under a sub-path (as on a
// GitHub Pages project site), headless Debian Chromium through playwright-core, and
// helpers that read the board back out of the SVG.
import { createServer } from 'node:http';
import { readFile, stat, mkdir, writeFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';

export const ROOT = resolve(import.meta.dirname, '../..');
const DIST = join(ROOT, 'dist');
export const SUB_PATH = '/hexfair/';
export const SCREENSHOTS = join(ROOT, 'tests/browser/screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves dist/ at http://127.0.0.1:PORT/hexfair/ and nothing else. Options: `root`, another
 * directory to serve (set `site.root` later to deploy a new copy at the same address),
 * `headers` sent with every file, and `gzip`, to compress (level 9) for browsers that accept
 * it and count what was sent in `site.sent` ({ path, bytes, at } a response, `at` by Date.now());
 * the paths asked for outside the site path (refused, 404) are in `site.refused`.
 */
export async function serveDist({ root = DIST, headers = {}, gzip = false } = {}) {
  const site = { root, sent: [], refused: [], compressed: new Map() };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (!url.pathname.startsWith(SUB_PATH)) {
      site.refused.push(url.pathname);
      res.writeHead(404).end('not under the site path');
      return;
    }
    let file = normalize(join(site.root, url.pathname.slice(SUB_PATH.length)));
    if (!file.startsWith(site.root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      const type = { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
      if (gzip && extname(file) !== '.png' && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        // Compressed once, as a host would: compressing a large file on every request would
        // count the server's time as the network's.
        if (!site.compressed.has(file)) site.compressed.set(file, gzipSync(body, { level: 9 }));
        body = site.compressed.get(file);
        type['content-encoding'] = 'gzip';
      }
      // Validators as GitHub Pages sends them: a request that names the current version
      // (If-None-Match) is answered 304 with no body.
      const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
      type.etag = etag;
      if (req.headers['if-none-match'] === etag) {
        site.sent.push({ path: url.pathname, bytes: 0, at: Date.now() });
        res.writeHead(304, type).end();
        return;
      }
      site.sent.push({ path: url.pathname, bytes: body.length, at: Date.now() });
      res.writeHead(200, type).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return Object.assign(site, { server, origin: `http://127.0.0.1:${port}`, url: `http://127.0.0.1:${port}${SUB_PATH}` });
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/**
 * The server and browser a test file shares, started before its first test and closed after
 * its last by `shareSiteAndBrowser()`. Live bindings: read them inside tests, where they are
 * set (node --test runs each file in a process of its own).
 */
export let site;
export let browser;

export function shareSiteAndBrowser() {
  before(async () => {
    site = await serveDist();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    site?.server.close();
  });
}

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * A fresh page in its own browser context that records console errors, page errors,
 * Content-Security-Policy violations and any request to another origin.
 */
export async function openPage(browser, origin, options = PHONE) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console: ${msg.text()}`); });
  page.on('response', (res) => { if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`); });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  await context.exposeBinding('hexfairCspViolation', (_, text) => problems.push(`CSP: ${text}`));
  await context.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => {
    window.hexfairCspViolation(`${e.effectiveDirective} refused ${e.blockedURI || 'inline code'}`);
  }));
  page.on('request', (req) => {
    const url = req.url();
    const local = url.startsWith(origin) || url.startsWith(`blob:${origin}`) || url.startsWith('data:');
    if (!local) problems.push(`foreign request: ${url}`);
  });
  return { context, page, problems };
}

/** The board on screen in the board text format, read from the SVG. */
export async function readBoard(page) {
  // Searches run in a worker: wait until none is under way.
  await page.locator('main[data-searching="false"]').waitFor();
  await page.locator('svg.board g.hex').first().waitFor();
  return page.evaluate(() => {
    const hexes = [...document.querySelectorAll('svg.board g.hex')]
      .sort((a, b) => Number(a.dataset.cell) - Number(b.dataset.cell));
    return {
      terrain: hexes.map((h) => h.dataset.letter).join(''),
      numbers: hexes.map((h) => h.dataset.number || '-').join(','),
      seed: document.querySelector('[data-testid=seed]').textContent.trim(),
    };
  });
}

/**
 * Keeps the release's boards drawn ahead off the page (each fetch answers a board of nothing),
 * so the app searches its first board at start and the search worker searches ahead for the
 * first tap: for tests of those searches.
 */
export async function withoutBoardsDrawnAhead(context) {
  await context.route('**/first-board-*.json', (route) => route.fulfill({ contentType: 'application/json', body: '{}' }));
}

/**
 * Keeps the play worker from ever saying it listens, so no chances are played (tests of the
 * search worker alone). Open the page with `serviceWorkers: 'block'` so the worker's request
 * meets the route.
 */
export async function silencePlayWorker(context) {
  await context.route('**/hexfair-play-*_loader.js', (route) => route.fulfill({
    contentType: 'text/javascript', body: 'onmessage = () => {};',
  }));
}

/**
 * The board `hexfair generate --seed` gives for the board on screen (`shown`, read by
 * `readBoard`) with these settings: the seat-fair search's, as the page's (no games needed).
 */
export async function nativeBoard(page, shown, ...args) {
  return JSON.parse(hexfair('generate', '--seed', shown.seed, ...args, '--play-games', '0', '--format', 'json'));
}

/** Runs the native command line (built by `cargo test --release`). */
export function hexfair(...args) {
  const bin = join(ROOT, 'target/release/hexfair');
  return execFileSync(bin, args, { encoding: 'utf8' });
}

/** Writes a measured figure set to tests/browser/screenshots/NAME.json. */
export async function writeReport(name, data) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await writeFile(join(SCREENSHOTS, `${name}.json`), JSON.stringify(data, null, 2));
}

/** Saves tests/browser/screenshots/NAME.png: the whole page, or with `fullPage: false` what the screen shows. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** Opens the settings tab named `name` (Board, Balance, Rules, ...) so its controls can be used. */
export async function openTab(page, name) {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tabpanel', { name }).waitFor();
}

/**
 * The board as drawn: the extent of its hexes in CSS px, rounded ({ width, height }). The SVG's
 * own box can have room round the drawing, so this is the size a player sees.
 */
export function boardDrawn(page) {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('svg.board g.hex')].map((g) => g.getBoundingClientRect());
    const width = Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left));
    const height = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
    return { width: Math.round(width), height: Math.round(height) };
  });
}

/** How much of the element `selector` finds is in sight (0 to 1), unscrolled. */
export function inSight(page, selector) {
  return page.evaluate((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    const width = Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0));
    const height = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
    return box.width * box.height > 0 ? (width * height) / (box.width * box.height) : 0;
  }, selector);
}

/**
 * How the page sits on the screen: sideways overflow, how far it is scrolled, how much of the
 * board and of Regenerate is in sight (0 to 1), and whether every tab's name fits its tab and
 * the tabs fit their row. The layout and language tests judge the page by it.
 */
export function measureLayout(page) {
  return page.evaluate(() => {
    const inSight = (element) => {
      const box = element.getBoundingClientRect();
      const width = Math.max(0, Math.min(box.right, innerWidth) - Math.max(box.left, 0));
      const height = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
      return box.width * box.height > 0 ? (width * height) / (box.width * box.height) : 0;
    };
    const row = document.querySelector('[role=tablist]');
    return {
      pageWidth: document.documentElement.scrollWidth,
      pageScrolled: document.scrollingElement.scrollTop,
      board: inSight(document.querySelector('svg.board')),
      regenerate: inSight(document.querySelector('[data-testid=regenerate]')),
      tabs: [...document.querySelectorAll('[role=tab]')].every((t) => t.scrollWidth <= t.clientWidth)
        && row.scrollWidth <= row.clientWidth,
    };
  });
}

/**
 * Runs axe-core on the page (or on an axe context such as `{ exclude: [['svg.board']] }`)
 * and returns its serious and critical violations as `{ id, impact, help, nodes: [html...] }`.
 * The source goes in through the DevTools protocol (page.evaluate), which the page's
 * Content-Security-Policy does not block, so the page is checked under its own policy; a
 * <script> tag would be refused by it.
 */
export async function axe(page, context = {}) {
  const source = await readFile(join(import.meta.dirname, 'node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(source);
  const violations = await page.evaluate(async (context) => {
    const { violations } = await window.axe.run(Object.keys(context).length ? context : document, { resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.html) }));
  }, context);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
