// /services/location/:locationName (SPEC §2 Listing pages): the services in one town, or in
// any county, sub-county, ward or estate ("Kasarani"), named with its wider areas ("Services in
// Kasarani, Nairobi") and described by what is offered there.
import { useParams, useSearchParams } from 'react-router-dom';
import { t } from '@/lib/i18n';
import { placeLabel } from '@/lib/places';
import { useLocationListings, useLocationPlace } from '../api/get-location-listings';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { MissingQuery } from '../components/missing-query';
import { PlaceFilter } from '../components/place-filter';
import { SortSelect } from '../components/sort-select';
import { readSort } from '../api/sort';
import { placeMeta } from '../page-meta';
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
  const place = useLocationPlace(locationName);
  // "Kasarani, Nairobi" once the name is known to be a place's; as written until then, or if not.
  const location = place.status === 'success' && place.data ? placeLabel(place.data) : locationName;
  const title = locationTitle(location);
  return (
    <ListingsPage
      title={title}
      lead={t('Trusted providers in and around {location}.', { location })}
      meta={import.meta.env.SSR && feed.status === 'success' ? placeMeta(title, location, feed.listings) : undefined}
    >
      <PlaceFilter inPlace />
      <SortSelect />
      <ListingsFeedView
        feed={feed}
        emptyDescription={t('No provider in {location} has listed a service yet. Try another location.', {
          location,
        })}
      />
    </ListingsPage>
  );
}
