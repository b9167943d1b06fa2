// The paged list behind every listing page (all services, a subcategory, a location, a search): the
// first page on mount, then each further page appended by loadMore() ('Load more').
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { toListings } from '@/lib/listing';
import type { Listing, ServiceDto } from '@/types/api';

export const LISTINGS_PAGE_SIZE = 48;

export interface ListingsPageRequest {
  limit: number;
  offset: number;
  signal?: AbortSignal;
}

/** One page of a list; a page shorter than `limit` is the last. */
export type FetchListingsPage = (page: ListingsPageRequest) => Promise<Listing[]>;

/** GET `url` with what the list is filtered by and the page's limit and offset. */
export async function getListingsPage(
  url: string,
  filter: Record<string, string>,
  { limit, offset, signal }: ListingsPageRequest,
): Promise<Listing[]> {
  // Some calls answer a single object instead of a list of one (SPEC §7).
  const response = await api.get<ServiceDto[] | ServiceDto>(url, { params: { ...filter, limit, offset }, signal });
  return toListings(response.data);
}

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

/**
 * Pages through `fetchPage`, which must keep its identity while the list stays the same (a module
 * function, or useCallback over the query): a new one starts again from the first page.
 */
export function useListingsFeed(
  fetchPage: FetchListingsPage,
  pageSize = LISTINGS_PAGE_SIZE,
): ListingsFeed & { loadMore: () => void } {
  const [state, setState] = useState<FeedOf>({ source: fetchPage, feed: LOADING });
  const offsetRef = useRef(0);
  const loadingMoreRef = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    offsetRef.current = 0;
    loadingMoreRef.current = false;
    fetchPage({ limit: pageSize, offset: 0, signal: controller.signal }).then(
      (page) => {
        offsetRef.current = page.length;
        setState({
          source: fetchPage,
          feed: { status: 'success', listings: page, hasMore: page.length === pageSize, loadingMore: false },
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load services', error);
        setState({ source: fetchPage, feed: { status: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [fetchPage, pageSize]);

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
