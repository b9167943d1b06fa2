// The first page of the lists that a page opens on (a location, a subcategory, a search), started
// before the app has rendered it (app/first-screen.ts) under the key its hook reads (lib/prefetch.ts).
// Free of React, so the entry can import it.
import { firstPageKey, prefetchFirstPage } from './listings-page';
import { sorted } from './sort';

/** GET /api/services?location={name}, in the order asked (`sort`, '' for the default). */
export const locationList = (location: string, sort = '') => ({
  url: '/api/services',
  filter: sorted({ location }, sort),
});

/** GET /api/subcategory?subcategory=/services/{category}/{subcategory}: keyed by its page path (SPEC §7). */
export const subcategoryList = (category: string, subcategory: string, sort = '') => ({
  url: '/api/subcategory',
  filter: sorted({ subcategory: `/services/${category}/${subcategory}` }, sort),
});

/** GET /api/services/{categoryId}: a category's services. */
export const categoryList = (categoryId: string, sort = '') => ({
  url: `/api/services/${encodeURIComponent(categoryId)}`,
  filter: sorted({}, sort),
});

/** GET /api/services: every service. */
export const allList = (sort = '') => ({ url: '/api/services', filter: sorted({}, sort) });

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
