// The paged list behind every listing page (all services, a subcategory, a location, a search): the
// first page on mount, then each further page appended by loadMore() ('Load more').
import { useCallback, useEffect, useRef, useState } from 'react';
import { dropPrefetched, peekPrefetched, type Settled } from '@/lib/prefetch';
import type { Listing } from '@/types/api';
import { LISTINGS_PAGE_SIZE, type FetchListingsPage } from './listings-page';

export type ListingsFeed =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | {
      status: 'success';
      listings: Listing[];
      /** The last page came back full, so another may follow. */
      hasMore: boolean;
      loadingMore: boolean;
      /** Why the last loadMore() failed; undefined when it did not. */
      loadMoreError?: unknown;
    };

type LoadedFeed = Extract<ListingsFeed, { status: 'success' }>;

/** The feed and the list it belongs to, so that a feed of the previous list is never shown. */
interface FeedOf {
  source: FetchListingsPage;
  feed: ListingsFeed;
}

const LOADING: ListingsFeed = { status: 'loading' };

function firstPageFeed(first: Settled<Listing[]>, pageSize: number): ListingsFeed {
  if (first.status === 'error') return first;
  const page = first.data;
  return { status: 'success', listings: page, hasMore: page.length === pageSize, loadingMore: false };
}

/**
 * Pages through `fetchPage`, which must keep its identity while the list stays the same (a module
 * function, or useCallback over the query): a new one starts again from the first page. With
 * `prefetched`, the key given to prefetchFirstPage, the first page on mount is the one started then.
 */
export function useListingsFeed(
  fetchPage: FetchListingsPage,
  { pageSize = LISTINGS_PAGE_SIZE, prefetched }: { pageSize?: number; prefetched?: string } = {},
): ListingsFeed & { loadMore: () => void } {
  // What was started for this list, and how it had ended (if it had) when the screen mounted.
  const [early] = useState(() => {
    const entry = peekPrefetched<Listing[]>(prefetched);
    return entry && { entry, shown: entry.settled };
  });
  const [state, setState] = useState<FeedOf>(() => ({
    source: fetchPage,
    feed: early?.shown ? firstPageFeed(early.shown, pageSize) : LOADING,
  }));
  const offsetRef = useRef(early?.shown?.status === 'success' ? early.shown.data.length : 0);
  const loadingMoreRef = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);
  const earlyRef = useRef(early);

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    loadingMoreRef.current = false;
    const taken = earlyRef.current;
    earlyRef.current = undefined;
    if (taken) dropPrefetched(prefetched, taken.entry);
    if (taken?.shown) {
      // On screen since the first render.
      if (taken.shown.status === 'error') console.error('Failed to load services', taken.shown.error);
      return () => controller.abort();
    }
    offsetRef.current = 0;
    const first = taken ? taken.entry.answer : fetchPage({ limit: pageSize, offset: 0, signal: controller.signal });
    first.then(
      (page) => {
        if (controller.signal.aborted) return;
        offsetRef.current = page.length;
        setState({ source: fetchPage, feed: firstPageFeed({ status: 'success', data: page }, pageSize) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load services', error);
        setState({ source: fetchPage, feed: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [fetchPage, pageSize, prefetched]);

  const loadMore = useCallback(() => {
    if (loadingMoreRef.current) return;
    loadingMoreRef.current = true;
    const signal = controllerRef.current?.signal;
    const offset = offsetRef.current;
    const update = (change: (current: LoadedFeed) => ListingsFeed) =>
      setState((current) =>
        current.source === fetchPage && current.feed.status === 'success'
          ? { source: fetchPage, feed: change(current.feed) }
          : current,
      );

    update((current) => ({ ...current, loadingMore: true, loadMoreError: undefined }));
    fetchPage({ limit: pageSize, offset, signal })
      .then(
        (page) => {
          if (signal?.aborted) return;
          offsetRef.current = offset + page.length;
          update((current) => {
            const listings = appendNew(current.listings, page);
            return {
              ...current,
              listings,
              // A full page of nothing new means the server ignored the offset: stop asking.
              hasMore: page.length === pageSize && listings.length > current.listings.length,
              loadingMore: false,
            };
          });
        },
        (error: unknown) => {
          if (signal?.aborted) return;
          console.error('Failed to load more services', error);
          update((current) => ({ ...current, loadingMore: false, loadMoreError: error }));
        },
      )
      .finally(() => {
        if (!signal?.aborted) loadingMoreRef.current = false;
      });
  }, [fetchPage, pageSize]);

  const feed = state.source === fetchPage ? state.feed : LOADING;
  return { ...feed, loadMore };
}

/** Listings shift while a visitor pages (new posts), so a page may repeat some already shown. */
function appendNew(shown: Listing[], page: Listing[]): Listing[] {
  const seen = new Set(shown.map((listing) => listing.id));
  return [...shown, ...page.filter((listing) => !seen.has(listing.id))];
}
