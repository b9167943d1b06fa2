// The browser's localStorage, or null where it is blocked (privacy settings): the visitor is then
// signed out (lib/session.ts), and favourites last as long as the page (lib/favourites-store.ts).
export function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
