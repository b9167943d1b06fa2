// GET /api/services, one page at a time, and the hook behind the "Load more" list of all services.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { toListings } from '@/lib/listing';
import type { Listing, ServiceDto } from '@/types/api';

export const LISTINGS_PAGE_SIZE = 48;

interface GetListingsParams {
  limit: number;
  offset: number;
  signal?: AbortSignal;
}

export async function getListings({ limit, offset, signal }: GetListingsParams): Promise<Listing[]> {
  const response = await api.get<ServiceDto[] | ServiceDto>('/api/services', {
    params: { limit, offset },
    signal,
  });
  return toListings(response.data);
}

export type ListingsFeed =
  | { status: 'loading' }
  | { status: 'error' }
  | {
      status: 'success';
      listings: Listing[];
      /** The last page came back full, so another may follow. */
      hasMore: boolean;
      loadingMore: boolean;
      loadMoreFailed: boolean;
    };

/** The first page on mount, then each further page appended by loadMore(). */
export function useListingsFeed(pageSize = LISTINGS_PAGE_SIZE): ListingsFeed & { loadMore: () => void } {
  const [feed, setFeed] = useState<ListingsFeed>({ status: 'loading' });
  const offsetRef = useRef(0);
  const loadingMoreRef = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    getListings({ limit: pageSize, offset: 0, signal: controller.signal }).then(
      (page) => {
        offsetRef.current = page.length;
        setFeed({
          status: 'success',
          listings: page,
          hasMore: page.length === pageSize,
          loadingMore: false,
          loadMoreFailed: false,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load services', error);
        setFeed({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [pageSize]);

  const loadMore = useCallback(() => {
    if (loadingMoreRef.current) return;
    loadingMoreRef.current = true;
    const signal = controllerRef.current?.signal;
    const offset = offsetRef.current;
    const update = (change: (current: Extract<ListingsFeed, { status: 'success' }>) => ListingsFeed) =>
      setFeed((current) => (current.status === 'success' ? change(current) : current));

    update((current) => ({ ...current, loadingMore: true, loadMoreFailed: false }));
    getListings({ limit: pageSize, offset, signal })
      .then(
        (page) => {
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
          update((current) => ({ ...current, loadingMore: false, loadMoreFailed: true }));
        },
      )
      .finally(() => {
        loadingMoreRef.current = false;
      });
  }, [pageSize]);

  return { ...feed, loadMore };
}

/** Listings shift while a visitor pages (new posts), so a page may repeat some already shown. */
function appendNew(shown: Listing[], page: Listing[]): Listing[] {
  const seen = new Set(shown.map((listing) => listing.id));
  return [...shown, ...page.filter((listing) => !seen.has(listing.id))];
}
