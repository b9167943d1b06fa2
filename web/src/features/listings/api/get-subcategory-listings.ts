// GET /api/subcategory?subcategory=/services/{category}/{subcategory}: the services of a subcategory.
import { useCallback } from 'react';
import type { Listing } from '@/types/api';
import { firstPageOf, subcategoryList } from './first-pages';
import { getListingsPage, type ListingsPageRequest } from './listings-page';
import { useListingsFeed } from './use-listings-feed';

export function getSubcategoryListings(
  category: string,
  subcategory: string,
  page: ListingsPageRequest,
  sort = '',
): Promise<Listing[]> {
  const { url, filter } = subcategoryList(category, subcategory, sort);
  return getListingsPage(url, filter, page);
}

export function useSubcategoryListings(category: string, subcategory: string, sort = '') {
  const fetchPage = useCallback(
    (page: ListingsPageRequest) => getSubcategoryListings(category, subcategory, page, sort),
    [category, subcategory, sort],
  );
  return useListingsFeed(fetchPage, { prefetched: firstPageOf(subcategoryList(category, subcategory, sort)) });
}
