// The first screen's code and data, started by boot.ts before React has loaded, so that they download
// beside it: the page's API call waits neither for the page's chunk nor for React's first render.
// Free of React and of the router for that reason.
import { paths } from '@/config/paths';
import { HOME_SECTIONS, prefetchHomeSections, type HomeSection } from '@/features/home/api/get-home-sections';
import { listingKey, prefetchListing } from '@/features/listings/api/get-listing';
import { ALL_LISTINGS_FIRST_PAGE, prefetchAllListings } from '@/features/listings/api/get-listings';
import { LISTINGS_PAGE_SIZE } from '@/features/listings/api/listings-page';
import { sellerAccess } from '@/features/post-service/seller-access';
import { peekPrefetched } from '@/lib/prefetch';
import { readSession } from '@/lib/session';
import type { Listing, ListingDetail } from '@/types/api';
import type { FirstPaint } from './first-paint';
import { pageCode, type PageName } from './page-code';

type Params = Record<string, string>;

interface FirstScreen {
  /** A path of config/paths.ts, as the router matches it. */
  path: string;
  page: PageName | (() => PageName);
  /** Starts the call(s) the page makes on mount, with the same arguments (lib/prefetch.ts). */
  data?: (params: Params) => void;
  /**
   * What app/first-paint.ts draws of the page from those calls' answer before React has loaded; null
   * when the page shows something else (an error, nothing found), which is left to the app.
   */
  paint?: (params: Params) => Promise<FirstPaint | null>;
}

/** The answer started for `key`; null if it failed or none was started. */
async function answer<Data>(key: string): Promise<Data | null> {
  const entry = peekPrefetched<Data>(key);
  return entry ? entry.answer.catch(() => null) : null;
}

const listingId = (params: Params) => (params.id ?? '').trim();

const isSeller = () => sellerAccess(readSession()).status === 'seller';

/** The pages app/first-paint.ts draws: their code comes with the app, after that first paint. */
const drawn: ReadonlySet<PageName> = new Set(['home', 'allServices', 'serviceDetail', 'signIn']);

// In the router's order where two patterns could match (the static 'location' segment first). A path
// missing here loads as before: its code once React renders it.
const screens: FirstScreen[] = [
  {
    path: paths.home.path,
    page: 'home',
    data: prefetchHomeSections,
    paint: async () => {
      const sections = await answer<HomeSection[]>(HOME_SECTIONS);
      return sections?.length ? { page: 'home', sections } : null;
    },
  },
  {
    path: paths.allServices.path,
    page: 'allServices',
    data: prefetchAllListings,
    paint: async () => {
      const listings = await answer<Listing[]>(ALL_LISTINGS_FIRST_PAGE);
      return listings?.length ? { page: 'allServices', listings, hasMore: listings.length === LISTINGS_PAGE_SIZE } : null;
    },
  },
  {
    path: paths.service.path,
    page: 'serviceDetail',
    data: (params) => {
      if (listingId(params)) prefetchListing(listingId(params));
    },
    paint: async (params) => {
      const listing = listingId(params) ? await answer<ListingDetail | null>(listingKey(listingId(params))) : null;
      return listing ? { page: 'serviceDetail', listing } : null;
    },
  },
  { path: paths.search.path, page: 'search' },
  { path: paths.servicesByLocation.path, page: 'servicesByLocation' },
  { path: paths.servicesBySubcategory.path, page: 'servicesBySubcategory' },
  // Anyone but a seller is sent on to /signin (SellersOnly): that is the page to fetch, and to draw.
  {
    path: paths.postService.path,
    page: () => (isSeller() ? 'postService' : 'signIn'),
    paint: () => Promise.resolve(isSeller() ? null : { page: 'signIn' }),
  },
  { path: paths.signIn.path, page: 'signIn', paint: () => Promise.resolve({ page: 'signIn' }) },
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

/** The entry of `screens` for `pathname`, with its parameters. */
function findScreen(pathname: string): { screen: FirstScreen; params: Params } | null {
  for (const screen of screens) {
    const params = matchPath(screen.path, pathname);
    if (params) return { screen, params };
  }
  return null;
}

/**
 * What app/first-paint.ts draws for `pathname` from the answers startFirstScreen started; null at once
 * for a page it does not draw.
 */
export async function firstPaint(pathname: string): Promise<FirstPaint | null> {
  const found = findScreen(pathname);
  return found?.screen.paint ? found.screen.paint(found.params) : null;
}

/**
 * Starts the code and the data of the page at `pathname`, and names that page (null: none of the
 * screens above). A failed download is left to the page's render, which tries again and reports it.
 */
export function startFirstScreen(pathname: string): PageName | null {
  const found = findScreen(pathname);
  if (!found) return null;
  const { screen, params } = found;
  const page = typeof screen.page === 'function' ? screen.page() : screen.page;
  // A page drawn by the first paint fetches its code with the app, after that paint (its chunk
  // imports React, which would otherwise download beside the first screen).
  if (!drawn.has(page)) pageCode[page]().catch(() => undefined);
  screen.data?.(params);
  return page;
}
