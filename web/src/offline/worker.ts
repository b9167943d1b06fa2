// The service worker, what makes the app installable and usable offline, served as /sw.js with scope /.
// Built on its own by scripts/build.mjs into one plain script, with the release's version and each
// language's shell written in; the page registers it as /sw.js?lang=<its language> (offline/start.ts),
// so the shell it keeps is the visitor's language. What it keeps, and why so: web/README.md,
// "Installable and offline".
//
//   /assets/…  hashed files: from the cache, else the network (then kept)
//   pages      the network first; its answer kept (listings apart, the last 50); without a network the
//              kept copy, else the offline page; a kept copy also when the network has not answered
//              in 6 s (a signal that carries nothing)
//   /media/…   photos (their names change with them): from the cache, else the network (then kept,
//              the last 20 MB); without a network a kept copy of the same photo in another size
//   /api/…     the catalog's public GETs: the network, always; its last answer only when there is no
//              network (none of a signed-in user's, none that a link's token opens)
import { BoundedCache, savedBefore } from './bounds';
import { apiCache, ASSETS, BOUNDS, LISTING_PATH, LISTINGS, OFFLINE_PAGE, PAGES, PHOTOS, shellCache } from './caches';

/** Written by the build (scripts/build.mjs): the release, and each language's shell. */
declare const __MTAANI_OFFLINE__: { version: string; shell: Record<keyof typeof OFFLINE_PAGE, string[]> };

// What this file uses of the service worker's scope (the DOM's types do not have it).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface ServiceWorkerScope {
  readonly location: { readonly href: string; readonly origin: string };
  readonly registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;
const { version, shell } = __MTAANI_OFFLINE__;
const language = new URL(scope.location.href).searchParams.get('lang') === 'sw' ? 'sw' : 'en';
const SHELL = shellCache(language, version);
const API = apiCache(version);

const opener = (name: string) => () => caches.open(name);
const listings = new BoundedCache(opener(LISTINGS), BOUNDS.listings);
const pages = new BoundedCache(opener(PAGES), BOUNDS.pages);
const photos = new BoundedCache(opener(PHOTOS), BOUNDS.photos);
const answers = new BoundedCache(opener(API), BOUNDS.api);

/** With a kept copy, how long a page waits for the network before it is shown instead. */
const NETWORK_TIMEOUT_MS = 6000;
/** A photo shown from the cache counts as newly seen (for the 20 MB bound) at most once a day. */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Lookups by URL alone: one copy per URL (a page is kept in the language it was last opened in). */
const BY_URL: CacheQueryOptions = { ignoreVary: true };

const absolute = (path: string) => new URL(path, scope.location.origin).href;

/** What pages read of the catalog: listings, a listing and its reviews, providers, the packages. */
const CATALOG_READ = /^\/api\/(services(\/|$)|service\/|subcategory$|providers\/|packages$)/;

scope.addEventListener('install', (event) => {
  // The shell of this release (most of it already in the browser's cache from the visit), then this
  // worker takes over at once: pages are fetched from the network first, so none is left on old code.
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(shell[language]))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(takeOver());
});

async function takeOver(): Promise<void> {
  // The page's request starts while the worker starts, rather than after.
  await scope.registration.navigationPreload?.enable().catch(() => undefined);
  // Earlier releases' shells and API answers (and caches of an older layout) go.
  const current = new Set([SHELL, API, LISTINGS, PHOTOS, PAGES, ASSETS]);
  for (const name of await caches.keys()) {
    if (name.startsWith('mtaani-') && !current.has(name)) await caches.delete(name);
  }
  await pruneAssets();
}

/** An `/assets/…` name in a document or a script (the entry lists the chunks it may import). */
const ASSET_NAME = /\/?assets\/[\w-]+\.(?:js|css)/g;

/**
 * Keeps of the hashed files only those this release's shell and the kept pages use, with what their
 * scripts import: a page kept from an earlier release still opens offline with its own code and styles.
 */
async function pruneAssets(): Promise<void> {
  const assets = await caches.open(ASSETS);
  const stored = await assets.keys();
  if (stored.length === 0) return;
  const wanted = new Set<string>();
  const queue: string[] = [];
  const want = (text: string) => {
    for (const [name] of text.matchAll(ASSET_NAME)) {
      const url = absolute(`/${name.replace(/^\//, '')}`);
      if (!wanted.has(url)) {
        wanted.add(url);
        queue.push(url);
      }
    }
  };
  want(shell[language].join(' '));
  for (const name of [LISTINGS, PAGES]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) want((await (await cache.match(request, BY_URL))?.text()) ?? '');
  }
  for (let url = queue.pop(); url; url = queue.pop()) {
    if (url.endsWith('.js')) want((await (await caches.match(url, BY_URL))?.text()) ?? '');
  }
  for (const request of stored) {
    if (!wanted.has(request.url)) await assets.delete(request);
  }
}

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event, url));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(event));
  } else if (url.pathname.startsWith('/media/')) {
    event.respondWith(photo(event, url));
  } else if (url.pathname.startsWith('/api/')) {
    // The catalog's public reads only: a signed-in user's calls (with their token) and the answers
    // that a link's token opens (a booking, a review invitation) are theirs, never kept.
    if (CATALOG_READ.test(url.pathname) && !request.headers.has('authorization')) event.respondWith(answer(event));
  } else {
    event.respondWith(file(request));
  }
});

/** Keeps a page's document: a listing's among the listings, a listing gone is forgotten. */
async function keepDocument(url: string, response: Response): Promise<void> {
  const listing = LISTING_PATH.test(new URL(url).pathname);
  const html = response.headers.get('content-type')?.startsWith('text/html');
  // 'default': a copy kept earlier, opened again.
  const own = response.type === 'basic' || response.type === 'default';
  if (response.status === 200 && own && html) {
    await (listing ? listings : pages).put(url, response);
  } else if (listing && response.status === 404) {
    await listings.delete(url);
  }
}

async function page(event: FetchEvent, url: URL): Promise<Response> {
  url.hash = '';
  const key = url.href;
  const network = event.preloadResponse.then((preloaded) => preloaded ?? fetch(event.request));
  // Copied before the browser reads the answer (this reaction runs first).
  event.waitUntil(network.then((response) => keepDocument(key, response.clone())).catch(() => undefined));
  const cache = await caches.open(LISTING_PATH.test(url.pathname) ? LISTINGS : PAGES);
  const kept = await cache.match(key, BY_URL);
  try {
    if (!kept) return await network;
    const late = new Promise<undefined>((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
    const first = await Promise.race([network, late]);
    if (first) return first;
  } catch {
    // No network: the kept copy, else the offline page.
  }
  if (kept) {
    // Opened again: the newest of the kept ones.
    event.waitUntil(keepDocument(key, kept.clone()).catch(() => undefined));
    return kept;
  }
  return (await caches.match(absolute(OFFLINE_PAGE[language]), { ...BY_URL, cacheName: SHELL })) ?? Response.error();
}

/** An answer of ours worth keeping: whole (not an error, not a part) and from this origin. */
function keepable(response: Response): boolean {
  return response.status === 200 && response.type === 'basic';
}

async function asset(event: FetchEvent): Promise<Response> {
  const kept = await caches.match(event.request, BY_URL);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (keepable(response)) {
    const copy = response.clone();
    event.waitUntil(caches.open(ASSETS).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

async function photo(event: FetchEvent, url: URL): Promise<Response> {
  const cache = await caches.open(PHOTOS);
  const kept = await cache.match(url.href, BY_URL);
  if (kept) {
    if (savedBefore(kept, DAY_MS)) event.waitUntil(photos.put(url.href, kept.clone()).catch(() => undefined));
    return kept;
  }
  try {
    const response = await fetch(event.request);
    if (keepable(response)) {
      event.waitUntil(photos.put(url.href, response.clone()).catch(() => undefined));
    }
    return response;
  } catch (error) {
    const other = await otherSize(cache, url.href);
    if (other) return other;
    throw error;
  }
}

/** The same photo kept in another width (`…/{hash}-720.webp` for `…/{hash}-1280.webp`). */
async function otherSize(cache: Cache, url: string): Promise<Response | undefined> {
  const base = /^(.+-)\d+\.\w+$/.exec(url)?.[1];
  if (!base) return undefined;
  const other = (await cache.keys()).find((request) => request.url.startsWith(base));
  return other && cache.match(other, BY_URL);
}

async function answer(event: FetchEvent): Promise<Response> {
  const { request } = event;
  try {
    const response = await fetch(request);
    const storable = !/no-store|private/.test(response.headers.get('cache-control') ?? '');
    if (keepable(response) && storable) {
      event.waitUntil(answers.put(request.url, response.clone()).catch(() => undefined));
    }
    return response;
  } catch (error) {
    // Given up by the page, or no network: then the last answer, for the page opened offline.
    const kept = request.signal.aborted ? undefined : await (await caches.open(API)).match(request.url, BY_URL);
    if (kept) return kept;
    throw error;
  }
}

/** Other files (the icons, the manifest): the network, else the shell's copy. */
async function file(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request, BY_URL);
    if (kept) return kept;
    throw error;
  }
}

/**
 * The page that registered this worker loaded before it ran (a first visit): it sends its address and
 * the files it loaded (offline/start.ts), which are kept as if this worker had seen them. The files
 * come from the browser's cache; only the page's document is fetched again.
 */
scope.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; page?: unknown; files?: unknown } | null;
  if (data?.type !== 'keep' || typeof data.page !== 'string' || !Array.isArray(data.files)) return;
  event.waitUntil(keepLoaded(data.page, data.files.filter((file): file is string => typeof file === 'string')));
});

async function keepLoaded(page: string, files: string[]): Promise<void> {
  const own = (href: string) => {
    const url = new URL(href, scope.location.origin);
    url.hash = '';
    return url.origin === scope.location.origin ? url : null;
  };
  const pageUrl = own(page);
  const work: Promise<unknown>[] = [];
  if (pageUrl && !/^\/(api|media|assets)\//.test(pageUrl.pathname)) {
    work.push(fetch(pageUrl.href, { headers: { accept: 'text/html' } }).then((response) => keepDocument(pageUrl.href, response)));
  }
  for (const file of files) {
    const url = own(file);
    if (url?.pathname.startsWith('/assets/')) {
      work.push(
        caches.match(url.href, BY_URL).then(async (kept) => {
          if (kept) return;
          const response = await fetch(url.href);
          if (keepable(response)) await (await caches.open(ASSETS)).put(url.href, response);
        }),
      );
    } else if (url?.pathname.startsWith('/media/')) {
      work.push(
        caches.open(PHOTOS).then(async (cache) => {
          if (await cache.match(url.href, BY_URL)) return;
          const response = await fetch(url.href);
          if (keepable(response)) await photos.put(url.href, response);
        }),
      );
    }
  }
  await Promise.allSettled(work);
}
