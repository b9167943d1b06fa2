// The service worker's caches (worker.ts) and their bounds, which the offline page (offline-page.ts)
// reads too. A change of what an entry holds takes a new name (-v2): the worker deletes every
// `mtaani-` cache it does not name when it takes over.

const MB = 1024 * 1024;

/** Listing pages (/service/{id}) opened online, the last 50. */
export const LISTINGS = 'mtaani-listings-v1';
/** Their photos (/media/…): card, gallery and thumbnails, the last 20 MB. */
export const PHOTOS = 'mtaani-photos-v1';
/** Other pages' documents opened online (the home page, a category, the favourites). */
export const PAGES = 'mtaani-pages-v1';
/** Hashed files (/assets/…) fetched beyond the shell: other pages' code, axios. */
export const ASSETS = 'mtaani-assets-v1';

/** The shell of one release in one language (the files the build lists), cached at install. */
export const shellCache = (language: string, version: string) => `mtaani-shell-${language}-${version}`;
/** Public API answers of one release, for when there is no connection. */
export const apiCache = (version: string) => `mtaani-api-${version}`;

/** How much each bounded cache keeps: entries, or bytes (the oldest go first). */
export interface Bound {
  maxEntries?: number;
  maxBytes?: number;
}

export const BOUNDS = {
  listings: { maxEntries: 50 },
  photos: { maxBytes: 20 * MB },
  pages: { maxEntries: 30 },
  api: { maxEntries: 100 },
} satisfies Record<string, Bound>;

/** Headers the worker adds to what it keeps: the body's size in bytes and when it was saved. */
export const SIZE_HEADER = 'x-mtaani-bytes';
export const SAVED_HEADER = 'x-mtaani-saved';

/** The offline page of each language (built from offline.html by scripts/build.mjs). */
export const OFFLINE_PAGE = { en: '/offline.html', sw: '/sw/offline.html' } as const;

/** A listing's page: /service/{id}. */
export const LISTING_PATH = /^\/service\/[^/]+$/;
