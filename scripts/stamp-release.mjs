#!/usr/bin/env node
// Trunk's post-build hook (see Trunk.toml): gives the built site one release id and writes
// it where a returning player's browser needs it.
//
//   - The id is a hash of every file's content, so a change anywhere makes a new release and
//     a rebuild of the same sources keeps the old one.
//   - The search worker is the page's own wasm module started in a worker, so a first visit
//     downloads the engine once. This hook writes its loader, which imports the page's
//     wasm-bindgen module (the browser has it cached by then), and names the loader with the
//     id: the page starts the worker of its own release, never one of another deploy.
//   - The play worker (src/bin/hexfair-play.rs) and the linked board's module
//     (src/bin/hexfair-link.rs) are modules of their own, which Trunk builds as workers with
//     fixed names (hexfair-play.js, hexfair-play_bg.wasm, ...). This hook names their files
//     after the id too and writes the play worker's loader, so they are cached by content
//     like the rest and a page starts the modules of its own release.
//   - sw.js learns the id (its cache is named after it, and old caches are dropped) and the
//     list of the release's files, split into those named by content (safe to serve from the
//     cache first) and those whose names every release shares (served from the network first).
//   - The boards a first visit shows before the app has loaded (index.html): the lines of
//     the file $HEXFAIR_FIRST_BOARDS names (scripts/build-site.sh writes it with
//     `hexfair generate --format page`), each a file named with the id and given the next
//     one's link (the board of the first Regenerate after it), and their count in the
//     page's <meta name="hexfair-first-boards">. Without the variable a release keeps
//     the boards it has (none, for a plain `trunk build`: the page then shows its loading
//     view until the app starts).
//   - The page's Content-Security-Policy gets the hashes of its inline scripts, Trunk's wasm
//     loader among them, so no script runs that the build did not write.
//
// Usage: node scripts/stamp-release.mjs [DIR]   DIR defaults to $TRUNK_STAGING_DIR.
// On a directory it already stamped, it stamps again: the id is computed with the old stamp
// taken out, so an edited copy of dist/ becomes a new release (the browser tests build
// release 2 this way) and an untouched one keeps its id.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

const RELEASE = 'HEXFAIR_RELEASE';
const SCRIPT_HASHES = 'HEXFAIR_SCRIPT_HASHES';
const STAMPED_LIST = 'HEXFAIR_STAMPED_FILES';
const PLAIN_LIST = 'HEXFAIR_PLAIN_FILES';

/** The search worker's loader as a release names it (src/app/search_worker.rs starts it). */
const workerLoader = (id) => `hexfair-worker-${id}_loader.js`;
/** The page's module as Trunk names it: wasm-bindgen's JavaScript and the wasm it loads. */
const PAGE_GLUE = /^hexfair-web-[0-9a-f]+\.js$/;
const PAGE_WASM = /^hexfair-web-[0-9a-f]+_bg\.wasm$/;

/**
 * The loader of a fresh build: it runs the page's module in a module worker, where the
 * module's start function finds no window and serves searches (src/app/mod.rs, start).
 */
function freshLoader(names) {
  const only = (pattern, what) => {
    const found = names.filter((name) => pattern.test(name));
    if (found.length !== 1) fail(`expected one ${what} in the build, found ${found.length}`);
    return found[0];
  };
  const glue = only(PAGE_GLUE, "wasm-bindgen module of the page (hexfair-web-*.js)");
  const wasm = only(PAGE_WASM, 'page wasm (hexfair-web-*_bg.wasm)');
  return `// The search worker: the page's own module (already in the browser's cache), started in a worker.
import init from './${glue}';
// Thrown from a task of its own, a failure to start reaches the page as the worker's error
// event at once; a rejected promise alone would leave the page waiting for "ready".
init({ module_or_path: './${wasm}' }).catch((error) => setTimeout(() => { throw error; }));
`;
}

/**
 * The modules Trunk builds as workers, with fixed names: the play worker (with a loader
 * this hook writes) and the linked board's module (which index.html imports itself).
 */
const OWN_MODULES = [
  { name: 'hexfair-play', what: 'the play worker', suffixes: ['_loader.js', '.js', '_bg.wasm'] },
  { name: 'hexfair-link', what: "the linked board's module", suffixes: ['.js', '_bg.wasm'] },
];
/** A file of an own module as a release names it. */
const ownFile = (name, id, suffix) => `${name}-${id}${suffix}`;
/** What Trunk names a worker's glue and wasm (no hash: a worker's names are fixed). */
const BUILT_SUFFIXES = ['.js', '_bg.wasm'];
const playFile = (id, suffix) => ownFile('hexfair-play', id, suffix);

/** The play worker's loader for release `id`: its module started in a module worker. */
const playLoader = (id) => `// The play worker: the game simulator's own module, started once the page's first board is on screen.
import init from './${playFile(id, '.js')}';
// Thrown from a task of its own, a failure to start reaches the page as the worker's error event.
init({ module_or_path: './${playFile(id, '_bg.wasm')}' }).catch((error) => setTimeout(() => { throw error; }));
`;

/** Names a fresh build's own modules after release `id` and writes the play worker's loader. */
function nameBuiltModules(files, id) {
  for (const { name, what } of OWN_MODULES) {
    for (const suffix of BUILT_SUFFIXES) {
      const built = `${name}${suffix}`;
      files.set(ownFile(name, id, suffix), files.get(built) ?? fail(`${what}'s ${built} is missing`));
      files.delete(built);
    }
  }
  files.set(playFile(id, '_loader.js'), Buffer.from(playLoader(id)));
}

/** Renames the own modules' files from release `from` to release `to`, the loader's text too. */
function renameModules(files, from, to) {
  for (const { name, what, suffixes } of OWN_MODULES) {
    for (const suffix of suffixes) {
      const file = ownFile(name, from, suffix);
      const bytes = files.get(file) ?? fail(`${what}'s ${file} is missing`);
      files.delete(file);
      files.set(ownFile(name, to, suffix), suffix === '_loader.js' ? Buffer.from(bytes.toString('utf8').replaceAll(from, to)) : bytes);
    }
  }
}

/** A board of the first visit as a release names it (`id`: the release's, or RELEASE unstamped). */
const firstBoard = (index, id) => `first-board-${index}-${id}.json`;
const FIRST_BOARD = /^first-board-(\d+)-([^./]+)\.json$/;
const FIRST_META = /(<meta name="hexfair-first-boards" content=")([^"]*)(")/;

/**
 * The first visit's boards, unstamped: those of $HEXFAIR_FIRST_BOARDS if it is set (one
 * line of JSON a board, each with its seed, link and picture), else the release's own.
 */
async function firstBoards(files) {
  const kept = [...files.keys()].filter((name) => FIRST_BOARD.test(name));
  const path = process.env.HEXFAIR_FIRST_BOARDS;
  let boards;
  if (path) {
    const text = await readFile(path, 'utf8').catch((error) => fail(`the first boards (${path}) cannot be read: ${error.message}`));
    boards = text.split('\n').filter((line) => line.trim() !== '').map((line, i) => {
      let board;
      try {
        board = JSON.parse(line);
      } catch (error) {
        fail(`first board ${i + 1} of ${path} is not JSON: ${error.message}`);
      }
      if (!/^b=[A-Za-z0-9_-]+$/.test(board?.link ?? '') || !String(board?.svg).startsWith('<svg') || !Number.isSafeInteger(board?.seed)) {
        fail(`first board ${i + 1} of ${path} lacks its seed, board link or picture`);
      }
      return board;
    }).map((board, i, all) => {
      // The first Regenerate's board: the next one's link (the app shows it without a search).
      const next = all[(i + 1) % all.length];
      return Buffer.from(JSON.stringify({ ...board, next: next === board ? undefined : next.link }));
    });
    for (const name of kept) files.delete(name);
  } else {
    boards = kept.sort((a, b) => Number(a.match(FIRST_BOARD)[1]) - Number(b.match(FIRST_BOARD)[1])).map((name) => {
      const bytes = files.get(name);
      files.delete(name);
      return bytes;
    });
  }
  boards.forEach((bytes, i) => files.set(firstBoard(i, RELEASE), bytes));
  const page = files.get('index.html').toString('utf8');
  files.set('index.html', Buffer.from(replaceOnce(page, FIRST_META, `$1${boards.length}$3`, 'the first boards\' meta tag')));
}

// Files that carry a content hash (Trunk's `name-<hex>.js`, `name-<hex>_bg.wasm`,
// `style-<hex>.css`) or the release id (the worker's) in their names.
const NAMED_BY_CONTENT = /-[0-9a-f]{5,16}(?:_bg|_loader)?\.[a-z]+$/;

const RELEASE_META = /(<meta name="hexfair-release" content=")([^"]*)(")/;
const CSP_META = /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/;
const SCRIPT_HASH_LIST = /'sha256-[A-Za-z0-9+/=]+'(?: 'sha256-[A-Za-z0-9+/=]+')*/;
const SW_RELEASE = /^const RELEASE = .*;$/m;
const SW_STAMPED = /^const STAMPED = .*;$/m;
const SW_PLAIN = /^const PLAIN = .*;$/m;

function fail(message) {
  console.error(`stamp-release: ${message}`);
  process.exit(1);
}

function replaceOnce(text, pattern, replacement, what) {
  if (!pattern.test(text)) fail(`${what} not found`);
  return text.replace(pattern, replacement);
}

async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Turns a fresh Trunk build or a stamped release into the same unstamped form. */
function unstamp(files) {
  const page = files.get('index.html')?.toString('utf8') ?? fail('no index.html');
  const current = page.match(RELEASE_META)?.[2] ?? fail('index.html has no <meta name="hexfair-release">');
  // A stamped release keeps its loader as it is (edits included); a fresh build gets one.
  if (current === RELEASE) {
    files.set(workerLoader(RELEASE), Buffer.from(freshLoader([...files.keys()])));
    nameBuiltModules(files, RELEASE);
  } else {
    renameModules(files, current, RELEASE);
    const loader = files.get(workerLoader(current)) ?? fail(`the search worker's ${workerLoader(current)} is missing`);
    files.set(workerLoader(RELEASE), loader);
    files.delete(workerLoader(current));
  }

  let html = replaceOnce(page, RELEASE_META, `$1${RELEASE}$3`, 'the release meta tag');
  const csp = html.match(CSP_META)?.[2] ?? fail('index.html has no Content-Security-Policy meta tag');
  const template = csp.includes(SCRIPT_HASHES) ? csp : replaceOnce(csp, SCRIPT_HASH_LIST, SCRIPT_HASHES, 'the script hashes');
  html = html.replace(CSP_META, (_, open, __, close) => `${open}${template}${close}`);
  files.set('index.html', Buffer.from(html));

  let worker = files.get('sw.js')?.toString('utf8') ?? fail('no sw.js');
  worker = replaceOnce(worker, SW_RELEASE, `const RELEASE = '${RELEASE}';`, 'const RELEASE in sw.js');
  worker = replaceOnce(worker, SW_STAMPED, `const STAMPED = ${STAMPED_LIST};`, 'const STAMPED in sw.js');
  worker = replaceOnce(worker, SW_PLAIN, `const PLAIN = ${PLAIN_LIST};`, 'const PLAIN in sw.js');
  files.set('sw.js', Buffer.from(worker));
}

function releaseId(files) {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) {
    hash.update(`${name}\0${files.get(name).length}\0`);
    hash.update(files.get(name));
  }
  return hash.digest('hex').slice(0, 16);
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hashes of the page's inline scripts, for its script-src. */
function inlineScriptHashes(html) {
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , body]) => sha256(body));
  if (hashes.length === 0) fail('index.html has no inline script: the page cannot start');
  return [...new Set(hashes)].join(' ');
}

function stamp(files, id) {
  files.set(workerLoader(id), files.get(workerLoader(RELEASE)));
  files.delete(workerLoader(RELEASE));
  for (const name of [...files.keys()]) {
    const [, index, named] = name.match(FIRST_BOARD) ?? [];
    if (named !== RELEASE) continue;
    files.set(firstBoard(index, id), files.get(name));
    files.delete(name);
  }
  renameModules(files, RELEASE, id);

  let html = files.get('index.html').toString('utf8').replace(RELEASE_META, `$1${id}$3`);
  // `trunk serve` writes its address into its live-reload script as it sends the page, which
  // would change the script's hash: fill the blanks in now, at run time in the browser (the
  // address as Trunk does without a Host header; the socket under the page's own path).
  html = html
    .replace("'{{__TRUNK_ADDRESS__}}'", 'window.location.host')
    .replace("'{{__TRUNK_WS_BASE__}}'", "new URL('./', window.location.href).pathname");
  const hashes = inlineScriptHashes(html);
  html = html.replace(CSP_META, (_, open, csp, close) => `${open}${csp.replace(SCRIPT_HASHES, hashes)}${close}`);
  files.set('index.html', Buffer.from(html));

  // The page is cached under the site's address by the service worker itself.
  const offline = [...files.keys()].filter((name) => name !== 'index.html' && name !== 'sw.js');
  const json = (names) => JSON.stringify(names.map((name) => `./${name}`));
  const stamped = offline.filter((name) => NAMED_BY_CONTENT.test(name));
  const plain = offline.filter((name) => !NAMED_BY_CONTENT.test(name));
  const worker = files.get('sw.js').toString('utf8')
    .replace(`'${RELEASE}'`, `'${id}'`)
    .replace(STAMPED_LIST, json(stamped))
    .replace(PLAIN_LIST, json(plain));
  files.set('sw.js', Buffer.from(worker));
}

/** Trunk's stylesheet as it names it. */
const STYLE = /^style-[0-9a-f]+\.css$/;
const INTEGRITY = /(\bintegrity=")(sha384-[A-Za-z0-9+/=]+)(")/;

/**
 * The page with the Subresource Integrity hash of its link to the stylesheet `name` set to
 * `integrity`. Trunk writes the href with the build's public URL in front (`./`, `/`,
 * `/hexfair/` or a whole address), so the link is found by the file name its href ends in.
 */
function withStyleIntegrity(page, name, integrity) {
  const href = new RegExp(`\\bhref="(?:[^"]*/)?${name.replaceAll('.', '\\.')}"`);
  const links = [...page.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => href.test(tag));
  if (links.length !== 1 || !INTEGRITY.test(links[0])) fail(`the integrity of ${name}'s link not found`);
  const link = links[0];
  return page.replace(link, () => link.replace(INTEGRITY, (_, open, __, close) => `${open}${integrity}${close}`));
}

/**
 * Sends the stylesheet without its comments, and gives its link the integrity of what is
 * sent. Why: style.css explains itself in comments, a third of it; sent as written they
 * were 2.5 KB of the first visit's gzip (7,096 -> 4,619 B at 629b6be, docs/download.md).
 * Trunk's own minification (`--minify`) rewrites the HTML too, which this hook must read,
 * and its JavaScript minifier fails on the wasm-bindgen glue, so it is not used.
 * Idempotent: a stamped release has no comments left.
 */
function shrinkStyles(files) {
  for (const name of [...files.keys()].filter((n) => STYLE.test(n))) {
    const css = files.get(name).toString('utf8');
    const shrunk = withoutComments(css, name).replace(/[ \t]+$/gm, '').replace(/\n{2,}/g, '\n');
    if (shrunk === css) continue;
    const bytes = Buffer.from(shrunk);
    const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
    const page = files.get('index.html').toString('utf8');
    files.set('index.html', Buffer.from(withStyleIntegrity(page, name, integrity)));
    files.set(name, bytes);
  }
}

/** CSS without its comments; a string (which may hold "/*") is kept as it is. */
function withoutComments(css, name) {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const c = css[i];
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1;
      out += css.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end < 0) fail(`${name} has a comment that is never closed`);
      i = end + 2;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? fail('usage: stamp-release.mjs DIR (or run as a Trunk hook)');
const names = await listFiles(dir);
const files = new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name))])));
unstamp(files);
await firstBoards(files);
shrinkStyles(files);
const id = releaseId(files);
stamp(files, id);
for (const name of names) if (!files.has(name)) await rm(join(dir, name));
for (const [name, bytes] of files) {
  await mkdir(dirname(join(dir, name)), { recursive: true });
  await writeFile(join(dir, name), bytes);
}
console.log(`stamp-release: release ${id}`);
