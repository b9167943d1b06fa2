// GET /api/services/{categoryId}: the services of a category, page by page.
import { useCallback } from 'react';
import { useArea } from '@/lib/area';
import { categoryList, firstPageOf } from './first-pages';
import { getListingsPage, type ListingsPageRequest } from './listings-page';
import { useListingsFeed } from './use-listings-feed';

export function useCategoryListings(categoryId: string, sort = '') {
  const area = useArea();
  const fetchPage = useCallback(
    (page: ListingsPageRequest) => {
      const { url, filter } = categoryList(categoryId, sort, area);
      return getListingsPage(url, filter, page);
    },
    [categoryId, sort, area],
  );
  return useListingsFeed(fetchPage, { prefetched: firstPageOf(categoryList(categoryId, sort, area)) });
}
