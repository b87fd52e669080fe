// The release hook (scripts/stamp-release.mjs) on builds as Trunk writes them for each kind of
// public URL: `./` (Trunk.toml's default), `/` (a site at a domain's root) and `/NAME/` (a
// GitHub Pages project site, as .github/workflows/pages.yml builds it). Every place the hook
// reads or rewrites is checked on each: the page (release, Content-Security-Policy, the
// stylesheet's integrity), the search and play workers' loaders, and sw.js's lists.
// No browser: the builds are made here, file by file, in Trunk's own form (compared with
// `trunk build --public-url` output of Trunk 0.21.14).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const HOOK = join(ROOT, 'scripts/stamp-release.mjs');
const PUBLIC_URLS = ['./', '/', '/hexfair/'];

const GLUE = 'hexfair-web-65b831e20921365e.js';
const WASM = 'hexfair-web-65b831e20921365e_bg.wasm';
const STYLE = 'style-b06e7c9d3b5997ef.css';
const ICON = 'icon-f7af19f32776edf7.svg';
const SNIPPET = 'snippets/hexfair-8f8680384ec4b7ab/js/table_mode.js';
const STYLE_SOURCE = '/* The page\'s colours, explained. */\nbody {\n  color: #222; /* ink */\n}\n.quote::after { content: "/* kept */"; }\n';

const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * A directory holding what `trunk build --release --public-url URL` writes for this
 * repository's index.html: each `data-trunk` link replaced as Trunk replaces it, the hrefs
 * and the wasm loader's imports under the public URL.
 */
async function trunkBuild(url) {
  const dir = await mkdtemp(join(tmpdir(), 'hexfair-hook-'));
  const template = await readFile(join(ROOT, 'index.html'), 'utf8');
  const loader = `
<script type="module">
import init, * as bindings from '${url}${GLUE}';
const wasm = await init({ module_or_path: '${url}${WASM}' });


window.wasmBindings = bindings;


dispatchEvent(new CustomEvent("TrunkApplicationStarted", {detail: {wasm}}));

</script>`;
  const preloads = `  <link rel="modulepreload" href="${url}${GLUE}" crossorigin="anonymous" integrity="${sri('glue')}">`
    + `<link rel="modulepreload" href="${url}${SNIPPET}" crossorigin="anonymous" integrity="${sri('snippet')}">`
    + `<link rel="preload" href="${url}${WASM}" crossorigin="anonymous" integrity="${sri('wasm')}" as="fetch" type="application/wasm"></head>`;
  const links = {
    css: `<link rel="stylesheet" href="${url}${STYLE}" integrity="${sri(STYLE_SOURCE)}"/>`,
    icon: `<link rel="icon" href="${url}${ICON}" integrity="${sri('icon')}"/>`,
  };
  let page = template.replace(/<link data-trunk rel="(css|icon)"[^>]*\/>/g, (_, rel) => links[rel]);
  page = page.replace(/<link data-trunk rel="rust"(?![^>]*data-type="worker")[^>]*\/>/, loader);
  page = page.replace(/<link data-trunk [^>]*\/>/g, '');
  page = page.replace('</head>', preloads);
  assert.doesNotMatch(page, /data-trunk/, 'every Trunk link is replaced');

  const files = {
    'index.html': page,
    [STYLE]: STYLE_SOURCE,
    [ICON]: '<svg/>',
    'icon.svg': '<svg/>',
    [GLUE]: 'export default async function init() {}\n',
    [WASM]: 'page wasm',
    [SNIPPET]: 'export function enter() {}\n',
    'hexfair-play.js': 'export default async function init() {}\n',
    'hexfair-play_bg.wasm': 'play wasm',
    'hexfair-link.js': 'export default async function init() {}\nexport function draw_link() {}\n',
    'hexfair-link_bg.wasm': 'link wasm',
    'lang/de.json': '{"Regenerate":"Neu erzeugen"}',
    'manifest.webmanifest': '{}',
    'sw.js': await readFile(join(ROOT, 'assets/sw.js'), 'utf8'),
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

/** Runs the hook on `dir`; returns the release id it printed. */
function stamp(dir) {
  const out = execFileSync(process.execPath, [HOOK, dir], { encoding: 'utf8' });
  const id = out.match(/^stamp-release: release ([0-9a-f]{16})$/m)?.[1];
  assert.ok(id, `the hook names the release it made: ${out}`);
  return id;
}

async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/')).sort();
}

async function snapshot(dir) {
  const names = await listFiles(dir);
  return new Map(await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), 'utf8')])));
}

/** The names a module imports with `from './NAME'` and loads with `module_or_path: './NAME'`. */
const relativeNames = (code) => [...code.matchAll(/(?:from |module_or_path: )'\.\/([^']+)'/g)].map((m) => m[1]);

for (const url of PUBLIC_URLS) {
  test(`the hook stamps a build made for public URL ${url}`, async (t) => {
    const dir = await trunkBuild(url);
    t.after(() => rm(dir, { recursive: true, force: true }));
    const id = stamp(dir);
    const files = await snapshot(dir);
    const page = files.get('index.html');

    assert.match(page, new RegExp(`<meta name="hexfair-release" content="${id}" />`));

    // The stylesheet goes without its comments (a string that looks like one stays), and its
    // link, still at the public URL, carries the integrity of what is sent.
    const css = files.get(STYLE);
    assert.doesNotMatch(css, /The page's colours|ink/);
    assert.match(css, /content: "\/\* kept \*\/"/);
    const link = page.match(new RegExp(`<link rel="stylesheet" href="${url.replaceAll('.', '\\.')}${STYLE.replace('.', '\\.')}" integrity="([^"]+)"/>`));
    assert.ok(link, `the stylesheet's link keeps its href under ${url}`);
    assert.equal(link[1], sri(css));

    // Every inline script runs by hash, Trunk's wasm loader among them; no placeholder stays.
    const csp = page.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
    assert.doesNotMatch(csp, /HEXFAIR_/);
    const inline = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].filter(([, attrs]) => !/\bsrc=/.test(attrs));
    assert.ok(inline.some(([, , body]) => body.includes(`from '${url}${GLUE}'`)), 'the wasm loader is inline');
    for (const [, , body] of inline) assert.ok(csp.includes(sha256(body)), 'each inline script is allowed by its hash');

    // The workers' loaders, named after the release, import files that are there, beside them.
    const searchLoader = `hexfair-worker-${id}_loader.js`;
    assert.deepEqual(relativeNames(files.get(searchLoader)), [GLUE, WASM]);
    const playLoader = `hexfair-play-${id}_loader.js`;
    assert.deepEqual(relativeNames(files.get(playLoader)), [`hexfair-play-${id}.js`, `hexfair-play-${id}_bg.wasm`]);
    assert.equal(files.get(`hexfair-play-${id}_bg.wasm`), 'play wasm');
    assert.ok(!files.has('hexfair-play.js') && !files.has('hexfair-play_bg.wasm'), "Trunk's fixed play names are gone");
    // The linked board's module, which the page imports itself, takes the release's name as
    // the page asks for it.
    const linkGlue = `hexfair-link-${id}.js`;
    const linkWasm = `hexfair-link-${id}_bg.wasm`;
    assert.equal(files.get(linkWasm), 'link wasm');
    assert.match(files.get(linkGlue), /export function draw_link/);
    assert.ok(!files.has('hexfair-link.js') && !files.has('hexfair-link_bg.wasm'), "Trunk's fixed link names are gone");
    const asked = (name) => `${name.replace(id, '${release}')}`;
    assert.ok(page.includes(`import(\`./${asked(linkGlue)}\`)`) && page.includes(`fetch(\`${asked(linkWasm)}\`)`), 'the page asks for the linked board\'s module by the names the hook gives it');

    // sw.js knows the release and every file of it but the page and itself, each by a path
    // relative to its scope; the content-named ones are served from the cache first.
    const worker = files.get('sw.js');
    assert.match(worker, new RegExp(`^const RELEASE = '${id}';$`, 'm'));
    const list = (name) => JSON.parse(worker.match(new RegExp(`^const ${name} = (.*);$`, 'm'))[1]);
    const stamped = list('STAMPED');
    const plain = list('PLAIN');
    const offline = [...files.keys()].filter((n) => n !== 'index.html' && n !== 'sw.js').map((n) => `./${n}`);
    assert.deepEqual([...stamped, ...plain].sort(), offline.sort());
    for (const name of [GLUE, WASM, STYLE, ICON, searchLoader, playLoader, linkGlue, linkWasm]) assert.ok(stamped.includes(`./${name}`), `${name} is named by content`);
    for (const name of ['icon.svg', 'lang/de.json', 'manifest.webmanifest']) assert.ok(plain.includes(`./${name}`), `${name} is revalidated`);

    // Stamped again unchanged, the release is the same to the byte; a changed file makes a new one.
    assert.equal(stamp(dir), id);
    assert.deepEqual(await snapshot(dir), files);
    await writeFile(join(dir, 'lang/de.json'), '{"Regenerate":"Neu"}');
    const next = stamp(dir);
    assert.notEqual(next, id);
    const again = await snapshot(dir);
    assert.ok(again.has(`hexfair-worker-${next}_loader.js`) && !again.has(searchLoader), 'the loader takes the new name');
    assert.ok(again.has(`hexfair-link-${next}_bg.wasm`) && !again.has(linkWasm), "the linked board's module takes the new name");
    assert.match(again.get('index.html'), new RegExp(`<link rel="stylesheet" href="[^"]*${STYLE.replace('.', '\\.')}" integrity="${sri(css).replace(/[+/]/g, '\\$&')}"/>`));
  });
}

test('a build whose stylesheet link cannot be found is refused, naming it', async (t) => {
  const dir = await trunkBuild('/hexfair/');
  t.after(() => rm(dir, { recursive: true, force: true }));
  const page = join(dir, 'index.html');
  await writeFile(page, (await readFile(page, 'utf8')).replace(/ integrity="sha384-[^"]+"\/>/, '/>'));
  assert.throws(
    () => execFileSync(process.execPath, [HOOK, dir], { encoding: 'utf8', stdio: 'pipe' }),
    (error) => error.status === 1 && error.stderr.includes(`the integrity of ${STYLE}'s link not found`),
  );
});

/** Runs the hook on `dir` with `boards` (lines of `hexfair generate --format page`) as the first boards. */
async function stampWithBoards(dir, lines) {
  const path = join(dir, '..', `${dir.split(sep).pop()}-boards.jsonl`);
  await writeFile(path, lines.join('\n'));
  try {
    return execFileSync(process.execPath, [HOOK, dir], { encoding: 'utf8', stdio: 'pipe', env: { ...process.env, HEXFAIR_FIRST_BOARDS: path } });
  } finally {
    await rm(path, { force: true });
  }
}

const board = (seed) => JSON.stringify({ link: `b=3AUA${seed}x`, seed, svg: `<svg data-seed="${seed}"></svg>` });

test('the first visit\'s boards are named after the release, each with the next one\'s link, counted in the page, and kept by a stamp without them', async (t) => {
  const dir = await trunkBuild('/hexfair/');
  t.after(() => rm(dir, { recursive: true, force: true }));
  assert.match(await readFile(join(dir, 'index.html'), 'utf8'), /<meta name="hexfair-first-boards" content="0" \/>/, 'none in a plain build');
  const id = (await stampWithBoards(dir, [board(11), board(12), board(13), ''])).match(/release ([0-9a-f]{16})/)[1];
  const files = await snapshot(dir);
  assert.match(files.get('index.html'), /<meta name="hexfair-first-boards" content="3" \/>/);
  const boards = [0, 1, 2].map((i) => JSON.parse(files.get(`first-board-${i}-${id}.json`)));
  assert.deepEqual(boards.map((b) => b.seed), [11, 12, 13]);
  assert.deepEqual(boards.map((b) => b.next), ['b=3AUA12x', 'b=3AUA13x', 'b=3AUA11x']);
  assert.equal(boards[0].svg, '<svg data-seed="11"></svg>');
  const stamped = JSON.parse(files.get('sw.js').match(/^const STAMPED = (.*);$/m)[1]);
  assert.ok(stamped.includes(`./first-board-2-${id}.json`), 'served from the cache first, as named by content');
  // Stamped again without them (the browser tests' release 2), the release keeps its boards.
  assert.equal(stamp(dir), id);
  assert.deepEqual(await snapshot(dir), files);
});

test('a first board that is not a line of the page format is refused, naming it', async (t) => {
  const dir = await trunkBuild('/hexfair/');
  t.after(() => rm(dir, { recursive: true, force: true }));
  for (const [lines, said] of [
    [[board(1), '{"seed": 2}'], 'first board 2 of'],
    [[board(1), 'not json'], 'first board 2 of'],
  ]) {
    await assert.rejects(stampWithBoards(dir, lines), (error) => error.status === 1 && error.stderr.includes(said));
  }
});
