// The app's pages, each listed once: its path (from config/paths.ts, beside the builders of its links),
// its code (one chunk per page) and, for a first screen, the calls it makes on mount. The router's
// routes (router.tsx), the pages' components (pages.tsx) and the first screen (first-screen.ts: what
// the server renders, what boot.ts starts before React) are all made from it. Free of React and of
// the router: boot.ts loads it before them.
import { findCategoryByName } from '@/config/categories';
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
import { prefetchSearchScope } from '@/features/listings/api/search-scope';
import { readSort } from '@/features/listings/api/sort';
import { sellerAccess } from '@/features/post-service/seller-access';
import { prefetchProvider } from '@/features/providers/api/get-provider';
import { prefetchPlaceNamed } from '@/lib/places';
import { readSession } from '@/lib/session';
import { prefetchListingTeam } from '@/lib/team';

export type Params = Record<string, string>;

/** What boot.ts and the server start for a page before it renders. */
interface FirstScreen<Name extends string> {
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
  /** The page the visitor will see instead, whose code to fetch (the router sends them on). */
  shown?: () => Name;
}

interface Page<Name extends string> {
  /** As the router matches it; '*' for any path no other page has. */
  path: string;
  /** The page's chunk; its default export is the page. */
  code: () => Promise<unknown>;
  /** Started before the page renders; a page without it loads its code once React renders it. */
  firstScreen?: FirstScreen<Name>;
}

/** The table, with its names as the type of a page's name. */
const table = <Name extends string>(pages: Record<Name, Page<NoInfer<Name>>>) => pages;

const trimmed = (value: string | undefined) => (value ?? '').trim();

const isSeller = () => sellerAccess(readSession()).status === 'seller';

// First screens are matched in this order where two patterns could match (the static 'location'
// segment before the subcategory's); the router ranks them the same way on its own.
export const pageTable = table({
  home: {
    path: paths.home.path,
    code: () => import('@/features/home/routes/home'),
    firstScreen: { data: prefetchHomeSections, serverRendered: true },
  },
  allServices: {
    path: paths.allServices.path,
    code: () => import('@/features/listings/routes/all-services'),
    firstScreen: { data: (_, query) => prefetchAllListings(readSort(query)), serverRendered: true },
  },
  serviceDetail: {
    path: paths.service.path,
    code: () => import('@/features/listings/routes/service-detail'),
    firstScreen: {
      data: ({ id }) => {
        if (!trimmed(id)) return;
        prefetchListing(trimmed(id));
        prefetchListingProvider(trimmed(id));
        prefetchListingTeam(trimmed(id));
        prefetchServiceReviews(trimmed(id));
      },
      serverRendered: true,
    },
  },
  search: {
    path: paths.search.path,
    code: () => import('@/features/listings/routes/search'),
    firstScreen: {
      data: (_, query) => {
        // As SearchRoute reads it.
        const q = trimmed(query.get('q') ?? undefined);
        if (q) {
          prefetchList(searchList(q, readSort(query)));
          prefetchSearchScope(q);
        }
      },
      serverRendered: true,
    },
  },
  servicesByLocation: {
    path: paths.servicesByLocation.path,
    code: () => import('@/features/listings/routes/services-by-location'),
    firstScreen: {
      data: ({ locationName }, query) => {
        const name = trimmed(locationName);
        if (name) {
          prefetchList(locationList(name, readSort(query)));
          prefetchPlaceNamed(name);
        }
      },
      serverRendered: true,
    },
  },
  servicesBySubcategory: {
    path: paths.servicesBySubcategory.path,
    code: () => import('@/features/listings/routes/services-by-subcategory'),
    firstScreen: {
      data: ({ category = '', subcategory = '' }, query) => {
        if (category.trim() && subcategory.trim()) prefetchList(subcategoryList(category, subcategory, readSort(query)));
      },
      serverRendered: true,
    },
  },
  category: {
    path: paths.category.path,
    code: () => import('@/features/listings/routes/category'),
    firstScreen: {
      data: ({ categoryName = '' }, query) => {
        const category = findCategoryByName(categoryName);
        if (category) prefetchList(categoryList(category.id, readSort(query)));
      },
      serverRendered: true,
    },
  },
  provider: {
    path: paths.provider.path,
    code: () => import('@/features/providers/routes/provider'),
    firstScreen: {
      data: ({ id }) => {
        if (trimmed(id)) prefetchProvider(trimmed(id));
      },
      serverRendered: true,
    },
  },
  // Pages without data, rendered by the server for the crawlers and link previews.
  blogs: {
    path: paths.blogs.path,
    code: () => import('@/features/blog/routes/blogs'),
    firstScreen: { serverRendered: true },
  },
  article: {
    path: paths.blog.path,
    code: () => import('@/features/blog/routes/article'),
    firstScreen: { serverRendered: true },
  },
  // Drawn by the server as a visitor's (the heading, the list loading): the browser fills in the list.
  favourites: {
    path: paths.favourites.path,
    code: () => import('@/features/favourites/routes/favourites'),
    firstScreen: { serverRendered: true },
  },
  // Anyone but a seller is sent on to /signin before the form's code is fetched (SellersOnly, around
  // the page in router.tsx): that is the page to fetch. Not rendered by the server, which knows no
  // visitor's session.
  postService: {
    path: paths.postService.path,
    code: () => import('@/features/post-service/routes/post-service'),
    firstScreen: { shown: () => (isSeller() ? 'postService' : 'signIn') },
  },
  signIn: {
    path: paths.signIn.path,
    code: () => import('@/features/auth/routes/sign-in'),
    firstScreen: { serverRendered: true },
  },
  signUpOptions: { path: paths.signUpOptions.path, code: () => import('@/features/auth/routes/sign-up-options') },
  signUp: { path: paths.signUp.path, code: () => import('@/app/routes/sign-up/sign-up') },
  sellerPackages: { path: paths.sellerPackages.path, code: () => import('@/app/routes/seller-packages/seller-packages') },
  resetPassword: { path: paths.resetPassword.path, code: () => import('@/features/auth/routes/reset-password') },
  account: { path: paths.account.path, code: () => import('@/app/routes/account/account') },
  // The operator console: its code never loads for anyone else.
  admin: { path: paths.admin.path, code: () => import('@/features/admin/routes/admin') },
  contact: { path: paths.contact.path, code: () => import('@/features/contact/routes/contact') },
  about: { path: paths.about.path, code: () => import('@/features/about/routes/about') },
  terms: { path: paths.terms.path, code: () => import('@/features/legal/routes/terms') },
  privacy: { path: paths.privacy.path, code: () => import('@/features/legal/routes/privacy') },
  cancelBooking: { path: paths.cancelBooking.path, code: () => import('@/features/booking/routes/cancel-booking') },
  writeReview: { path: paths.writeReview.path, code: () => import('@/features/reviews/routes/write-review') },
  notFound: { path: '*', code: () => import('./routes/not-found') },
});

export type PageName = keyof typeof pageTable;
