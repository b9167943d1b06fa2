// GET /api/services/{categoryId}: the services of a category, page by page.
import { useCallback } from 'react';
import { categoryList, firstPageOf } from './first-pages';
import { getListingsPage, type ListingsPageRequest } from './listings-page';
import { useListingsFeed } from './use-listings-feed';

export function useCategoryListings(categoryId: string, sort = '') {
  const fetchPage = useCallback(
    (page: ListingsPageRequest) => {
      const { url, filter } = categoryList(categoryId, sort);
      return getListingsPage(url, filter, page);
    },
    [categoryId, sort],
  );
  return useListingsFeed(fetchPage, { prefetched: firstPageOf(categoryList(categoryId, sort)) });
}
