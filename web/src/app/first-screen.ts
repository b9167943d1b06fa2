// The first screen of a page: which page a path opens and the API calls it makes on mount. The server
// renderer (src/server/render.tsx) starts those calls, waits for them and renders the page from the
// React components with their answers; in the browser, boot.ts starts them again before the app
// hydrates (the document carries their answers, lib/first-screen-answers.ts) or, on a page the server
// did not render, before React has loaded, beside the page's chunk. Free of React and of the router.
import { paths } from '@/config/paths';
import { prefetchHomeSections } from '@/features/home/api/get-home-sections';
import { prefetchListing } from '@/features/listings/api/get-listing';
import { prefetchListingProvider } from '@/features/listings/api/get-listing-provider';
import { prefetchServiceReviews } from '@/features/listings/api/get-reviews';
import {
  categoryList,
  locationList,
  prefetchList,
  searchList,
  subcategoryList,
} from '@/features/listings/api/first-pages';
import { prefetchAllListings } from '@/features/listings/api/get-listings';
import { readSort } from '@/features/listings/api/sort';
import { sellerAccess } from '@/features/post-service/seller-access';
import { prefetchProvider } from '@/features/providers/api/get-provider';
import { findCategoryByName } from '@/config/categories';
import { readSession } from '@/lib/session';
import { pageCode, type PageName } from './page-code';

type Params = Record<string, string>;

interface FirstScreen {
  /** A path of config/paths.ts, as the router matches it. */
  path: string;
  page: PageName | (() => PageName);
  /**
   * Starts the call(s) the page makes on mount, with the same arguments as its hooks (lib/prefetch.ts).
   * `query`: the location's search parameters.
   */
  data?: (params: Params, query: URLSearchParams) => void;
  /**
   * The server renders this page (public, the same for every visitor): the document arrives with the
   * page drawn, and the app hydrates it.
   */
  serverRendered?: boolean;
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

// In the router's order where two patterns could match (the static 'location' segment first). A path
// missing here loads as before: its code once React renders it.
const screens: FirstScreen[] = [
  { path: paths.home.path, page: 'home', data: prefetchHomeSections, serverRendered: true },
  {
    path: paths.allServices.path,
    page: 'allServices',
    data: (_, query) => prefetchAllListings(readSort(query)),
    serverRendered: true,
  },
  {
    path: paths.service.path,
    page: 'serviceDetail',
    data: ({ id }) => {
      if (!trimmed(id)) return;
      prefetchListing(trimmed(id));
      prefetchListingProvider(trimmed(id));
      prefetchServiceReviews(trimmed(id));
    },
    serverRendered: true,
  },
  {
    path: paths.search.path,
    page: 'search',
    data: (_, query) => {
      // As SearchRoute reads it.
      const q = trimmed(query.get('q') ?? undefined);
      if (q) prefetchList(searchList(q));
    },
    serverRendered: true,
  },
  {
    path: paths.servicesByLocation.path,
    page: 'servicesByLocation',
    data: ({ locationName }, query) => {
      if (trimmed(locationName)) prefetchList(locationList(trimmed(locationName), readSort(query)));
    },
    serverRendered: true,
  },
  {
    path: paths.servicesBySubcategory.path,
    page: 'servicesBySubcategory',
    data: ({ category = '', subcategory = '' }, query) => {
      if (category.trim() && subcategory.trim()) prefetchList(subcategoryList(category, subcategory, readSort(query)));
    },
    serverRendered: true,
  },
  {
    path: paths.category.path,
    page: 'category',
    data: ({ categoryName = '' }, query) => {
      const category = findCategoryByName(categoryName);
      if (category) prefetchList(categoryList(category.id, readSort(query)));
    },
    serverRendered: true,
  },
  {
    path: paths.provider.path,
    page: 'provider',
    data: ({ id }) => {
      if (trimmed(id)) prefetchProvider(trimmed(id));
    },
    serverRendered: true,
  },
  // Pages without data, rendered by the server for the crawlers and link previews (issue 22).
  { path: paths.blogs.path, page: 'blogs', serverRendered: true },
  { path: paths.blog.path, page: 'article', serverRendered: true },
  // Drawn by the server as a visitor's (the heading, the list loading): the browser fills in the list.
  { path: paths.favourites.path, page: 'favourites', serverRendered: true },
  // Anyone but a seller is sent on to /signin (SellersOnly): that is the page to fetch. Not rendered by
  // the server, which knows no visitor's session.
  { path: paths.postService.path, page: () => (isSeller() ? 'postService' : 'signIn') },
  { path: paths.signIn.path, page: 'signIn', serverRendered: true },
];

const isSeller = () => sellerAccess(readSession()).status === 'seller';

/**
 * The parameters of `pattern` ('/service/:id') in `pathname`, or null when it does not match. As the
 * router matches: whole segments, any case, a trailing slash allowed, parameters decoded.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (const [index, segment] of want.entries()) {
    const value = got[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/** The entry of `screens` for `pathname`, with its parameters. */
function findScreen(pathname: string): { screen: FirstScreen; params: Params } | null {
  for (const screen of screens) {
    const params = matchPath(screen.path, pathname);
    if (params) return { screen, params };
  }
  return null;
}

/** The page the server renders at `pathname`; null for a page only the browser renders. */
export function serverRenderedPage(pathname: string): PageName | null {
  const found = findScreen(pathname);
  return found?.screen.serverRendered && typeof found.screen.page === 'string' ? found.screen.page : null;
}

/**
 * Starts the data of the page at `pathname` and, unless `{ code: false }` (the server, and a page
 * whose code the app loads itself), its code; names that page (null: none of the screens above). A
 * failed download is left to the page's render, which tries again and reports it.
 */
export function startFirstScreen(pathname: string, search = '', { code = true } = {}): PageName | null {
  const found = findScreen(pathname);
  if (!found) return null;
  const { screen, params } = found;
  const page = typeof screen.page === 'function' ? screen.page() : screen.page;
  if (code) pageCode[page]().catch(() => undefined);
  screen.data?.(params, new URLSearchParams(search));
  return page;
}
