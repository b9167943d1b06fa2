// The hearts: which listings this browser shows as saved, read from the store over
// localStorage (lib/favourites-store.ts) with useSyncExternalStore, so every heart of a listing changes
// at once, in every tab. A visitor's favourites live here only; a signed-in user's live in their account, and this
// copy follows it (lib/favourites-sync.ts, loaded only for them): at sign-in the visitor's are saved
// into the account, then the account's list replaces this one; signing out forgets the account's copy.
import { useEffect, useSyncExternalStore } from 'react';
import {
  favouritesOwner,
  NO_FAVOURITES,
  readFavourites,
  subscribeFavourites,
  writeFavourites,
  type SavedFavourite,
  type StoredFavourites,
} from './favourites-store';
import { readSession, subscribeSession } from './session';

/** Whether `id` is saved; false on the server and in the first render (the page is the same for all). */
export function useIsFavourite(id: string): boolean {
  return useSyncExternalStore(
    subscribeFavourites,
    () => readFavourites().items.some((item) => item.id === id),
    () => false,
  );
}

/** The saved favourites, for the list pages. */
export function useFavourites(): StoredFavourites {
  return useSyncExternalStore(subscribeFavourites, readFavourites, () => NO_FAVOURITES);
}

const sync = () => import('./favourites-sync');

/**
 * Saves or removes `listing` here at once and, when signed in, in the account; a refused change is
 * undone here and the promise rejects with the error.
 */
export async function toggleFavourite(listing: SavedFavourite): Promise<void> {
  const before = readFavourites();
  const saved = before.items.some((item) => item.id === listing.id);
  writeFavourites({
    ...before,
    items: saved
      ? before.items.filter((item) => item.id !== listing.id)
      : [{ id: listing.id, name: listing.name }, ...before.items],
  });
  if (readSession()) await (await sync()).sendFavourite(listing, !saved);
}

/**
 * The app's part: at sign-in (in this tab or another) the visitor's favourites join the account and
 * this copy becomes the account's; signed out, the account's copy is forgotten and a visitor's own are
 * kept. Nothing is asked while the copy is already the signed-in user's: their pages (/favourites, My
 * Account) load it afresh.
 */
export function useFavouritesFollowSession(): void {
  useEffect(() => {
    const follow = () => {
      const user = readSession()?.user;
      const owner = readFavourites().owner;
      if (!user) {
        if (owner !== undefined) writeFavourites(NO_FAVOURITES);
      } else if (owner !== favouritesOwner(user)) {
        sync()
          .then((module) => module.syncFavourites())
          .catch((error: unknown) => console.error('Failed to load your favourites', error));
      }
    };
    follow();
    return subscribeSession(follow);
  }, []);
}
