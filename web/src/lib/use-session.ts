// The signed-in session (lib/session.ts) as a hook.
import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from './session';

/** The current session, re-rendering on sign-in and sign-out (also from other tabs). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}
