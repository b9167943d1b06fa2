// /services/location/:locationName (SPEC §2 Listing pages): the services in one town.
import { useParams, useSearchParams } from 'react-router-dom';
import { t } from '@/lib/i18n';
import { useLocationListings } from '../api/get-location-listings';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { MissingQuery } from '../components/missing-query';
import { SortSelect } from '../components/sort-select';
import { readSort } from '../api/sort';
import { locationTitle } from '../page-titles';

export default function ServicesByLocationRoute() {
  // The router has already decoded the URL-encoded name.
  const locationName = (useParams().locationName ?? '').trim();
  const sort = readSort(useSearchParams()[0]);
  if (!locationName) {
    return (
      <ListingsPage title={t('Services')}>
        <MissingQuery message={t('No location provided.')} />
      </ListingsPage>
    );
  }
  return <LocationListings key={sort} locationName={locationName} sort={sort} />;
}

function LocationListings({ locationName, sort }: { locationName: string; sort: string }) {
  const feed = useLocationListings(locationName, sort);
  return (
    <ListingsPage
      title={locationTitle(locationName)}
      lead={t('Trusted providers in and around {location}.', { location: locationName })}
    >
      <SortSelect />
      <ListingsFeedView
        feed={feed}
        emptyDescription={t('No provider in {location} has listed a service yet. Try another location.', {
          location: locationName,
        })}
      />
    </ListingsPage>
  );
}
