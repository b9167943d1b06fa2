// Whether the browser has a connection (issue 21, offline use): `navigator.onLine` and its `online`
// and `offline` events. Only "offline" is certain (a phone with a signal may still get no answer), so
// the app reads it to say "You are offline" rather than to decide that a call will work.
import { useSyncExternalStore } from 'react';

/** The browser knows it has no connection (flight mode, no signal, data off). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** True while the browser has no connection; false on the server and in the first render. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
