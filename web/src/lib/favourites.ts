// The hearts (issue 20): which listings this browser shows as saved, as a tiny store over
// localStorage (useSyncExternalStore reads it, so every heart of a listing changes at once, in every
// tab). A visitor's favourites live here only; a signed-in user's live in their account, and this
// copy follows it (lib/favourites-sync.ts, loaded only for them): at sign-in the visitor's are saved
// into the account, then the account's list replaces this one; signing out forgets the account's copy.
import { useEffect, useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type SessionUser } from './session';

export interface SavedFavourite {
  id: string;
  /** Its name when saved: shown if the listing is gone by the time the list is opened. */
  name: string;
}

export interface StoredFavourites {
  /** The account this copy follows; absent for a visitor's own favourites. */
  owner?: string;
  items: SavedFavourite[];
}

/** As many as an account keeps (the server's limit). */
export const MAX_FAVOURITES = 200;
const KEY = 'favourites';
const EMPTY: StoredFavourites = { items: [] };
const listeners = new Set<() => void>();
// Where localStorage is blocked, favourites last as long as the page.
let memory: string | null = null;
let cached: { raw: string | null; value: StoredFavourites } | undefined;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): StoredFavourites {
  try {
    const value = JSON.parse(raw ?? '') as Partial<StoredFavourites>;
    const items = Array.isArray(value.items) ? value.items : [];
    return {
      owner: typeof value.owner === 'string' ? value.owner : undefined,
      items: items
        .filter((item) => typeof item?.id === 'string')
        .map((item) => ({ id: item.id, name: String(item.name ?? '') })),
    };
  } catch {
    return EMPTY;
  }
}

export function readFavourites(): StoredFavourites {
  const store = storage();
  const raw = store ? store.getItem(KEY) : memory;
  if (cached?.raw !== raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

export function writeFavourites(value: StoredFavourites): void {
  const raw = JSON.stringify({ ...value, items: value.items.slice(0, MAX_FAVOURITES) });
  const store = storage();
  try {
    if (store) store.setItem(KEY, raw);
    else memory = raw;
  } catch {
    memory = raw;
  }
  listeners.forEach((listener) => listener());
}

export function subscribeFavourites(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

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
  return useSyncExternalStore(subscribeFavourites, readFavourites, () => EMPTY);
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

/** Whose account a stored copy follows. */
export function favouritesOwner(user: SessionUser): string {
  return user.id ?? user.email ?? user.userName;
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
        if (owner !== undefined) writeFavourites(EMPTY);
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
