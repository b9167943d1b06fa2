// Whether the browser has a connection: `navigator.onLine` and its `online`
// and `offline` events. Only "offline" is certain (a phone with a signal may still get no answer), so
// the app reads it to say "You are offline" rather than to decide that a call will work.
import { useSyncExternalStore } from 'react';
import { reloadPage } from './browser';

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

/**
 * Offline, for a page the app opened by a link and could not load (its code or its data): whether
 * loading its address in full would help, the service worker answering it as it answers the address
 * typed, with its kept copy or the offline page (offline/worker.ts), rather than the app showing an
 * error. Not when no worker controls the page, nor when this document already is that address (the
 * worker answered it, and a full load would only come back here).
 */
export function fullLoadHelpsOffline(): boolean {
  if (!isOffline() || !navigator.serviceWorker?.controller) return false;
  const [document] = performance.getEntriesByType('navigation');
  return document?.name !== window.location.href;
}

/** Loads the address in full when fullLoadHelpsOffline(). */
export function loadInFullOffline(): void {
  if (fullLoadHelpsOffline()) reloadPage();
}
