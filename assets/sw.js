// Hexfair's service worker: once the app has been opened, it loads and works with no
// network, and each deploy still reaches a returning player.
//
// scripts/stamp-release.mjs (Trunk's post-build hook) writes the three constants below. Each
// release keeps its files in its own cache, filled when this worker installs and dropped when
// a later release takes over. The page always comes from the network when there is one (its
// address carries a board token, `?b=…`, that the cache ignores), so a reload shows the
// newest deploy; the cached copy is the offline fallback.
const RELEASE = 'HEXFAIR_RELEASE';
// This release's files whose names change with their content: served from the cache first.
const STAMPED = HEXFAIR_STAMPED_FILES;
// Files whose names every release shares (icons, the manifest, wasm-bindgen's snippets):
// from the network first, so a newer page never gets an older copy, else from the cache.
const PLAIN = HEXFAIR_PLAIN_FILES;

// Scoped to the site's path: a github.io origin holds every project site of its owner.
const SCOPE = self.registration.scope;
const CACHE_PREFIX = `hexfair ${SCOPE} `;
const CACHE = `${CACHE_PREFIX}${RELEASE}`;
// What the first offline version (one cache for every deploy) called its cache.
const LEGACY_CACHE = 'hexfair-v1';

const PAGES = new Set([SCOPE, new URL('index.html', SCOPE).href]);
const stampedUrls = new Set(STAMPED.map((file) => new URL(file, SCOPE).href));
const plainUrls = new Set(PLAIN.map((file) => new URL(file, SCOPE).href));

const releaseOf = (html) => html.match(/<meta name="hexfair-release" content="([^"]*)"/)?.[1];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The page as the network has it now: the HTTP cache may hold the release before's.
    // 'no-cache' asks the server whether the cached copy is current (GitHub Pages answers by
    // ETag), so the page just loaded is not downloaded a second time.
    const ours = await fetch(SCOPE, { cache: 'no-cache' });
    if (!ours.ok || releaseOf(await ours.clone().text()) !== RELEASE) {
      // A newer deploy went up while this one installed: the next update check finds it.
      throw new Error(`the site no longer serves release ${RELEASE}`);
    }
    await cache.put(SCOPE, ours);
    // Files named by their content may come from the HTTP cache: on a first visit the page
    // has just fetched them, and a second download would double what the visit costs.
    // The others may hold the release before's in the HTTP cache: revalidated, as the page is.
    await cache.addAll([
      ...STAMPED.map((file) => new Request(new URL(file, SCOPE))),
      ...PLAIN.map((file) => new Request(new URL(file, SCOPE), { cache: 'no-cache' })),
    ]);
    // A page kept by the first offline version never asks for an update, and that version
    // serves it from its cache forever: take over at once from it.
    if (await caches.has(LEGACY_CACHE)) await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const stale = (await caches.keys())
      .filter((name) => name === LEGACY_CACHE || (name.startsWith(CACHE_PREFIX) && name !== CACHE));
    await Promise.all(stale.map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

// The page asks which release a worker holds (to offer it only when it is new to the page),
// and activates a waiting one when the player accepts it.
self.addEventListener('message', (event) => {
  if (event.data === 'release') event.ports[0]?.postMessage(RELEASE);
  if (event.data === 'skip-waiting') self.skipWaiting();
});

// Looks in this release's cache only, and never creates it: a worker that a newer release
// has replaced may still answer a request or two, after its cache was dropped.
const cached = (request) => caches.match(request, { cacheName: CACHE });

// From the network ('no-cache' revalidates with the server: GitHub Pages lets the HTTP cache
// keep a file for ten minutes, and it may be the release before's), else from the cache.
async function networkFirst(request, cacheKey = request) {
  try {
    const response = await fetch(new Request(request, { cache: 'no-cache' }));
    return response.ok ? response : (await cached(cacheKey)) ?? response;
  } catch (offline) {
    return (await cached(cacheKey)) ?? Promise.reject(offline);
  }
}

// Every address of the page shares one cache entry, whatever its board token.
const page = (request) => networkFirst(request, SCOPE);

async function cacheFirst(request) {
  return (await cached(request)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const address = url.origin + url.pathname;
  if (request.mode === 'navigate' && PAGES.has(address)) event.respondWith(page(request));
  else if (stampedUrls.has(url.href)) event.respondWith(cacheFirst(request));
  else if (plainUrls.has(url.href)) event.respondWith(networkFirst(request));
  // Anything else (a newer release's files, other sites) goes to the network untouched.
});
