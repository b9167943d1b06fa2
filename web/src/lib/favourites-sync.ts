// A signed-in user's favourites in their account, loaded only for them (lib/favourites.ts
// is the store every heart reads): each heart tapped is saved or removed there, and at sign-in the
// visitor's own favourites are saved into the account before its list replaces this browser's copy.
import { api, apiErrorStatus } from './api-client';
import { favouritesOwner, readFavourites, writeFavourites, type SavedFavourite } from './favourites-store';
import { readSession } from './session';
import type { Favourite, Favourites } from '@/types/api';

const uri = (id: string) => `/api/account/favourites/${encodeURIComponent(id)}`;

/** Saves (or removes) one in the account; a refused change is undone in this browser and rethrown. */
export async function sendFavourite(listing: SavedFavourite, save: boolean): Promise<void> {
  try {
    if (save) await api.put(uri(listing.id));
    else await api.delete(uri(listing.id));
  } catch (error) {
    const now = readFavourites();
    // A listing gone meanwhile cannot be saved: it simply is not.
    const gone = save && apiErrorStatus(error) === 404;
    writeFavourites({
      ...now,
      items: save || gone
        ? now.items.filter((item) => item.id !== listing.id)
        : [listing, ...now.items.filter((item) => item.id !== listing.id)],
    });
    if (!gone) throw error;
  }
}

/**
 * Merges a visitor's favourites into the account (once), then keeps the account's list here; answers
 * that list (empty when signed out).
 */
export async function syncFavourites(signal?: AbortSignal): Promise<Favourite[]> {
  const session = readSession();
  if (!session) return [];
  const owner = favouritesOwner(session.user);
  const local = readFavourites();
  if (local.owner === undefined) {
    // Oldest first, so the account lists them in the order they were saved here.
    for (const item of [...local.items].reverse()) {
      try {
        await api.put(uri(item.id));
      } catch (error) {
        // Gone meanwhile (404) or over the limit (409): the rest still go in.
        const status = apiErrorStatus(error);
        if (status !== 404 && status !== 409) throw error;
      }
    }
  }
  const { data } = await api.get<Favourites>('/api/account/favourites', { signal });
  // Signed out or in as someone else meanwhile: this answer is not theirs.
  if (readSession()?.token !== session.token) return [];
  writeFavourites({ owner, items: data.favourites.map((f) => ({ id: f.serviceId, name: f.name })) });
  return data.favourites;
}
