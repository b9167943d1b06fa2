// /all-services (SPEC §2 Listing pages): every service in a grid, with loading, error and empty states,
// in the order the visitor picks.
import { useCallback } from 'react';
import { useArea } from '@/lib/area';
import { useSearchParams } from 'react-router-dom';
import { t } from '@/lib/i18n';
import { allList, firstPageOf } from '../api/first-pages';
import { getListings } from '../api/get-listings';
import type { ListingsPageRequest } from '../api/listings-page';
import { readSort } from '../api/sort';
import { useListingsFeed } from '../api/use-listings-feed';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { PlaceFilter } from '../components/place-filter';
import { SortSelect } from '../components/sort-select';

const LOAD_FAILED = t('Failed to load services. Please try again later.');

export default function AllServicesRoute() {
  const sort = readSort(useSearchParams()[0]);
  // A new order is a new list: the feed starts again from its first page.
  return <AllServices key={sort} sort={sort} />;
}

function AllServices({ sort }: { sort: string }) {
  const area = useArea();
  const fetchPage = useCallback((page: ListingsPageRequest) => getListings(page, sort, area), [sort, area]);
  const feed = useListingsFeed(fetchPage, { prefetched: firstPageOf(allList(sort, area)) });
  return (
    <ListingsPage
      title={t('All Services')}
      lead={t('Browse trusted beauty, wellness and lifestyle providers near you.')}
    >
      <PlaceFilter />
      <SortSelect />
      <ListingsFeedView feed={feed} errorMessage={() => LOAD_FAILED} />
    </ListingsPage>
  );
}
