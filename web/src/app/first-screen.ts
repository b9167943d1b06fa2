// The first screen's code and data, started by boot.ts before React has loaded, so that they download
// beside it: the page's API call waits neither for the page's chunk nor for React's first render.
// Free of React and of the router for that reason.
import { paths } from '@/config/paths';
import { prefetchHomeSections } from '@/features/home/api/get-home-sections';
import { prefetchListing } from '@/features/listings/api/get-listing';
import { prefetchAllListings } from '@/features/listings/api/get-listings';
import { sellerAccess } from '@/features/post-service/seller-access';
import { readSession } from '@/lib/session';
import { pageCode, type PageName } from './page-code';

type Params = Record<string, string>;

interface FirstScreen {
  /** A path of config/paths.ts, as the router matches it. */
  path: string;
  page: PageName | (() => PageName);
  /** Starts the call(s) the page makes on mount, with the same arguments (lib/prefetch.ts). */
  data?: (params: Params) => void;
}

// In the router's order where two patterns could match (the static 'location' segment first). A path
// missing here loads as before: its code once React renders it.
const screens: FirstScreen[] = [
  { path: paths.home.path, page: 'home', data: prefetchHomeSections },
  { path: paths.allServices.path, page: 'allServices', data: prefetchAllListings },
  {
    path: paths.service.path,
    page: 'serviceDetail',
    data: ({ id = '' }) => {
      if (id.trim()) prefetchListing(id.trim());
    },
  },
  { path: paths.search.path, page: 'search' },
  { path: paths.servicesByLocation.path, page: 'servicesByLocation' },
  { path: paths.servicesBySubcategory.path, page: 'servicesBySubcategory' },
  // Anyone but a seller is sent on to /signin (SellersOnly): that is the page to fetch.
  {
    path: paths.postService.path,
    page: () => (sellerAccess(readSession()).status === 'seller' ? 'postService' : 'signIn'),
  },
  { path: paths.signIn.path, page: 'signIn' },
];

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

/**
 * Starts the code and the data of the page at `pathname`, and names that page (null: none of the
 * screens above). A failed download is left to the page's render, which tries again and reports it.
 */
export function startFirstScreen(pathname: string): PageName | null {
  for (const screen of screens) {
    const params = matchPath(screen.path, pathname);
    if (!params) continue;
    const page = typeof screen.page === 'function' ? screen.page() : screen.page;
    pageCode[page]().catch(() => undefined);
    screen.data?.(params);
    return page;
  }
  return null;
}
