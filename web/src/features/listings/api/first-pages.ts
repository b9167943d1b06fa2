// The first page of the lists that a page opens on (a location, a subcategory, a search), started
// before the app has rendered it (app/first-screen.ts) under the key its hook reads (lib/prefetch.ts).
// Free of React, so the entry can import it.
import { firstPageKey, prefetchFirstPage } from './listings-page';

/** GET /api/services?location={name}. */
export const locationList = (location: string) => ({ url: '/api/services', filter: { location } });

/** GET /api/subcategory?subcategory=/services/{category}/{subcategory}: keyed by its page path (SPEC §7). */
export const subcategoryList = (category: string, subcategory: string) => ({
  url: '/api/subcategory',
  filter: { subcategory: `/services/${category}/${subcategory}` },
});

/** GET /api/services/search?query={q}. */
export const searchList = (query: string) => ({ url: '/api/services/search', filter: { query } });

export interface ListRequest {
  url: string;
  filter: Record<string, string>;
}

/** The key of the list's first page in lib/prefetch.ts. */
export const firstPageOf = ({ url, filter }: ListRequest) => firstPageKey(url, filter);

/** Starts the list's first page. */
export const prefetchList = ({ url, filter }: ListRequest) => prefetchFirstPage(url, filter);
