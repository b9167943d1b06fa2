// The favourites as the lists show them: each saved listing with its card, or its name alone once it
// is hidden or deleted ('no longer available'). A signed-in user's come from the account (merged with
// this browser's first, see lib/favourites-sync.ts); a visitor's are this browser's, each listing
// asked for in turn (a few at once).
import { api, apiErrorCode } from '@/lib/api-client';
import { syncFavourites } from '@/lib/favourites-sync';
import { readFavourites } from '@/lib/favourites-store';
import { toListing } from '@/lib/listing';
import { readSession } from '@/lib/session';
import type { Listing, ServiceDto } from '@/types/api';

export interface FavouriteEntry {
  id: string;
  name: string;
  /** Absent once the listing is hidden or deleted. */
  listing?: Listing;
}

const AT_ONCE = 6;

/** The listing while it is shown; undefined once hidden or deleted (404). */
async function shownListing(id: string, signal: AbortSignal): Promise<Listing | undefined> {
  try {
    const { data } = await api.get<ServiceDto>(`/api/service/${encodeURIComponent(id)}`, { signal });
    return toListing(data);
  } catch (error) {
    if (apiErrorCode(error) === 'not_found') return undefined;
    throw error;
  }
}

export async function getFavourites(signal: AbortSignal): Promise<FavouriteEntry[]> {
  if (readSession()) {
    const favourites = await syncFavourites(signal);
    return favourites.map((f) => ({ id: f.serviceId, name: f.name, listing: f.service ? toListing(f.service) : undefined }));
  }
  const items = readFavourites().items;
  const entries: FavouriteEntry[] = items.map((item) => ({ ...item }));
  let next = 0;
  const worker = async () => {
    for (let entry = entries[next++]; entry; entry = entries[next++]) {
      const listing = await shownListing(entry.id, signal);
      if (listing) {
        entry.listing = listing;
        entry.name = listing.name;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, entries.length) }, worker));
  return entries;
}
