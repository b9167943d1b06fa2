// The first page of the lists that a page opens on (a location, a subcategory, a search), started
// before the app has rendered it (app/first-screen.ts) under the key its hook reads (lib/prefetch.ts).
// Free of React, so the entry can import it.
import { areaParams, currentArea, type Area } from '@/lib/area-state';
import { firstPageKey, prefetchFirstPage } from './listings-page';
import { sorted } from './sort';

// Every list is asked from the visitor's area when they chose one (lib/area.ts): nearest first, with
// distances. `area` is the one now unless a hook passes the one it renders with.
const from = (filter: Record<string, string>, area: Area | null) => ({ ...filter, ...areaParams(area) });

/** GET /api/services?location={name}, in the order asked (`sort`, '' for the default). */
export const locationList = (location: string, sort = '', area = currentArea()) => ({
  url: '/api/services',
  filter: from(sorted({ location }, sort), area),
});

/** GET /api/subcategory?subcategory=/services/{category}/{subcategory}: keyed by its page path (SPEC §7). */
export const subcategoryList = (category: string, subcategory: string, sort = '', area = currentArea()) => ({
  url: '/api/subcategory',
  filter: from(sorted({ subcategory: `/services/${category}/${subcategory}` }, sort), area),
});

/** GET /api/services/{categoryId}: a category's services. */
export const categoryList = (categoryId: string, sort = '', area = currentArea()) => ({
  url: `/api/services/${encodeURIComponent(categoryId)}`,
  filter: from(sorted({}, sort), area),
});

/** GET /api/services: every service. */
export const allList = (sort = '', area = currentArea()) => ({ url: '/api/services', filter: from(sorted({}, sort), area) });

/** GET /api/services/search?query={q}, in the order asked (`sort`, '' for the best match). */
export const searchList = (query: string, sort = '', area = currentArea()) => ({
  url: '/api/services/search',
  filter: from(sorted({ query }, sort), area),
});

export interface ListRequest {
  url: string;
  filter: Record<string, string>;
}

/** The key of the list's first page in lib/prefetch.ts. */
export const firstPageOf = ({ url, filter }: ListRequest) => firstPageKey(url, filter);

/** Starts the list's first page. */
export const prefetchList = ({ url, filter }: ListRequest) => prefetchFirstPage(url, filter);
