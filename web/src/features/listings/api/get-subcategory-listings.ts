// GET /api/subcategory?subcategory=/services/{category}/{subcategory}: the services of a subcategory.
import { useCallback } from 'react';
import { useArea, type Area } from '@/lib/area';
import type { Listing } from '@/types/api';
import { firstPageOf, subcategoryList } from './first-pages';
import { getListingsPage, type ListingsPageRequest } from './listings-page';
import { useListingsFeed } from './use-listings-feed';

export function getSubcategoryListings(
  category: string,
  subcategory: string,
  page: ListingsPageRequest,
  sort = '',
  area?: Area | null,
): Promise<Listing[]> {
  const { url, filter } = subcategoryList(category, subcategory, sort, area);
  return getListingsPage(url, filter, page);
}

export function useSubcategoryListings(category: string, subcategory: string, sort = '') {
  const area = useArea();
  const fetchPage = useCallback(
    (page: ListingsPageRequest) => getSubcategoryListings(category, subcategory, page, sort, area),
    [category, subcategory, sort, area],
  );
  return useListingsFeed(fetchPage, { prefetched: firstPageOf(subcategoryList(category, subcategory, sort, area)) });
}
