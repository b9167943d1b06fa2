// GET /api/subcategory?subcategory=/services/{category}/{subcategory}: the services of a subcategory.
import { useCallback } from 'react';
import type { Listing } from '@/types/api';
import { getListingsPage, type ListingsPageRequest } from './listings-page';
import { useListingsFeed } from './use-listings-feed';

export function getSubcategoryListings(
  category: string,
  subcategory: string,
  page: ListingsPageRequest,
): Promise<Listing[]> {
  // The server keys subcategories by their page path (SPEC §7).
  return getListingsPage('/api/subcategory', { subcategory: `/services/${category}/${subcategory}` }, page);
}

export function useSubcategoryListings(category: string, subcategory: string) {
  const fetchPage = useCallback(
    (page: ListingsPageRequest) => getSubcategoryListings(category, subcategory, page),
    [category, subcategory],
  );
  return useListingsFeed(fetchPage);
}
