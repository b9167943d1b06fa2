// The hearts' store: which listings this browser keeps as saved, in localStorage, and who
// is told of a change. Free of React, so that the offline page (src/offline/offline-page.ts) reads the
// same list without the app; lib/favourites.ts is the app's side of it.
import { localStore } from './local-storage';
import type { SessionUser } from './session';

/** Whose account a stored copy follows (here, below the app's side and its lazily loaded sync). */
export function favouritesOwner(user: SessionUser): string {
  return user.id ?? user.email ?? user.userName;
}

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
/** No favourites saved. */
export const NO_FAVOURITES: StoredFavourites = { items: [] };
const listeners = new Set<() => void>();
// Where localStorage is blocked, favourites last as long as the page.
let memory: string | null = null;
let cached: { raw: string | null; value: StoredFavourites } | undefined;

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
    return NO_FAVOURITES;
  }
}

export function readFavourites(): StoredFavourites {
  const store = localStore();
  const raw = store ? store.getItem(KEY) : memory;
  if (cached?.raw !== raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

export function writeFavourites(value: StoredFavourites): void {
  const raw = JSON.stringify({ ...value, items: value.items.slice(0, MAX_FAVOURITES) });
  const store = localStore();
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
