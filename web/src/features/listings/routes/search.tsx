// /search?q= (SPEC §2 Listing pages, §4 Search): the services matching the visitor's words.
import { useSearchParams } from 'react-router-dom';
import { t } from '@/lib/i18n';
import type { SearchScope } from '@/types/api';
import { useSearchListings, useSearchScope } from '../api/search-listings';
import { ListingsFeedView } from '../components/listings-feed-view';
import { ListingsPage } from '../components/listings-page';
import { MissingQuery } from '../components/missing-query';
import { searchTitle } from '../page-titles';

const LOAD_FAILED = t('Failed to load search results. Please try again.');

export default function SearchRoute() {
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  if (!query) {
    return (
      <ListingsPage title={t('Search')}>
        <MissingQuery
          message={t('No search query provided.')}
          description={t('Type what you are looking for, such as braids or nails, in the search box.')}
        />
      </ListingsPage>
    );
  }
  return <SearchResults query={query} />;
}

/** What the page says of a place the words named when nothing there matched. */
function nearbyLead({ place, words, nearby }: SearchScope): string | undefined {
  if (!place || !nearby) return undefined;
  return words
    ? t('No {words} in {place} yet — {words} near {place}:', { words, place: place.name })
    : t('Nothing in {place} yet — the nearest to {place}:', { place: place.name });
}

function SearchResults({ query }: { query: string }) {
  const feed = useSearchListings(query);
  const scope = useSearchScope(query);
  return (
    <ListingsPage title={searchTitle(query)} lead={scope.status === 'success' ? nearbyLead(scope.data) : undefined}>
      <ListingsFeedView
        feed={feed}
        errorMessage={() => LOAD_FAILED}
        emptyDescription={t('Try a different or shorter word, such as braids, nails or makeup.')}
      />
    </ListingsPage>
  );
}
