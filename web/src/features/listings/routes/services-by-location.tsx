// /services/location/:locationName (SPEC §2 Listing pages): the services in one town.
import { useParams } from 'react-router-dom';
import { apiErrorMessage } from '@/lib/api-client';
import { useLocationListings } from '../api/get-location-listings';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { MissingQuery } from '../components/missing-query';
import { locationTitle } from '../page-titles';

const LOAD_FAILED = 'Failed to load services. Please try again.';

export default function ServicesByLocationRoute() {
  // The router has already decoded the URL-encoded name.
  const locationName = (useParams().locationName ?? '').trim();
  if (!locationName) {
    return (
      <ListingsPage title="Services">
        <MissingQuery message="No location provided." />
      </ListingsPage>
    );
  }
  return <LocationListings locationName={locationName} />;
}

function LocationListings({ locationName }: { locationName: string }) {
  const feed = useLocationListings(locationName);
  return (
    <ListingsPage title={locationTitle(locationName)} lead={`Trusted providers in and around ${locationName}.`}>
      <ListingsFeedView
        feed={feed}
        errorMessage={(error) => apiErrorMessage(error) ?? LOAD_FAILED}
        emptyDescription={`No provider in ${locationName} has listed a service yet. Try another location.`}
      />
    </ListingsPage>
  );
}
