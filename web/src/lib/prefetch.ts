// Answers a screen needs, started before its code has loaded (app/first-screen.ts starts them beside
// the route's chunk), and handed to the screen's data hook once (useRequest, useListingsFeed).

export type Settled<Data> = { status: 'success'; data: Data } | { status: 'error'; error: unknown };

export interface Prefetched<Data> {
  answer: Promise<Data>;
  /** How the call ended, once it has: a screen that mounts after that renders it at once. */
  settled: Settled<Data> | null;
  at: number;
}

/** An answer nobody took within this time is old news: the screen asks again. */
const MAX_AGE_MS = 30_000;

export type PrefetchStore = Map<string, Prefetched<unknown>>;

const browserStore: PrefetchStore = new Map();
/** The answers' store: the page's own in a browser; the server gives each page it renders its own. */
let store = (): PrefetchStore => browserStore;

/** Used by the server renderer (src/server/render.tsx), which renders several pages at once. */
export function setPrefetchStore(current: () => PrefetchStore): void {
  store = current;
}

/** Starts `load` now for the screen that will ask for `key`, unless that answer is already on its way. */
export function prefetch<Data>(key: string, load: () => Promise<Data>): void {
  if (peekPrefetched(key)) return;
  const entry: Prefetched<Data> = { answer: load(), settled: null, at: Date.now() };
  // Also marks a failure as handled until a screen takes it: that screen reports it.
  entry.answer.then(
    (data) => {
      entry.settled = { status: 'success', data };
    },
    (error: unknown) => {
      entry.settled = { status: 'error', error };
    },
  );
  store().set(key, entry);
}

/** The answer started for `key`, if it is still fresh. Reads only: a hook may call it while rendering. */
export function peekPrefetched<Data>(key: string | undefined): Prefetched<Data> | undefined {
  if (key === undefined) return undefined;
  const entry = store().get(key) as Prefetched<Data> | undefined;
  return entry && Date.now() - entry.at < MAX_AGE_MS ? entry : undefined;
}

/** Called by the hook that used `entry`: a retry or a later visit asks the server again. */
export function dropPrefetched(key: string | undefined, entry: Prefetched<unknown>): void {
  if (key !== undefined && store().get(key) === entry) store().delete(key);
}

/** Forgets every started answer (tests). */
export function clearPrefetched(): void {
  store().clear();
}

/** Once every answer started so far has come (or failed): a screen rendered then shows them at once. */
export async function whenPrefetched(): Promise<void> {
  await Promise.allSettled([...store().values()].map((entry) => entry.answer));
}
