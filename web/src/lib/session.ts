// The signed-in session (SPEC §3, §4): a token and a user kept in localStorage, as a tiny store
// (lib/use-session.ts is its hook). Free of React: the first screen's calls use it before React loads.
import { localStore } from './local-storage';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface SellerPackage {
  packageId: string;
  name?: string;
  photoUploads: number;
}

export interface SessionUser {
  id?: string;
  userName: string;
  /** 'seller' marks a seller; anything else is a buyer. */
  accountType: string;
  email?: string;
  phoneNumber?: string;
  sellerPackage?: SellerPackage | null;
}

export interface Session {
  token: string;
  user: SessionUser;
}

/** The stored user, or null when the JSON cannot be parsed into a user object. */
export function parseStoredUser(raw: string): SessionUser | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const user = value as Record<string, unknown>;
  return {
    ...(user as Partial<SessionUser>),
    userName: typeof user.userName === 'string' ? user.userName : '',
    accountType: typeof user.accountType === 'string' ? user.accountType : 'buyer',
  };
}

let cached: { token: string | null; rawUser: string | null; session: Session | null } | null = null;

/**
 * Signed in when both a token and a user are stored. A user that cannot be parsed clears the
 * session, so a broken entry never half-signs the visitor in.
 */
export function readSession(): Session | null {
  const store = localStore();
  const token = store?.getItem(TOKEN_KEY) ?? null;
  const rawUser = store?.getItem(USER_KEY) ?? null;
  // useSyncExternalStore needs the same object back while nothing changed.
  if (cached && cached.token === token && cached.rawUser === rawUser) return cached.session;

  let session: Session | null = null;
  if (token && rawUser !== null) {
    const user = parseStoredUser(rawUser);
    if (user) {
      session = { token, user };
    } else {
      store?.removeItem(TOKEN_KEY);
      store?.removeItem(USER_KEY);
      cached = { token: null, rawUser: null, session: null };
      return null;
    }
  }
  cached = { token, rawUser, session };
  return session;
}

const listeners = new Set<() => void>();

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function saveSession(token: string, user: SessionUser): void {
  const store = localStore();
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  const store = localStore();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
  notify();
}

const expiryListeners = new Set<() => void>();

/** Called after the server refused the stored token (SPEC §4): the app then asks to sign in again. */
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => {
    expiryListeners.delete(listener);
  };
}

/**
 * Ends the session whose token the server refused. A 401 for a token that is no longer the stored
 * one (the visitor signed in again meanwhile) changes nothing.
 */
export function expireSession(refusedToken: string): void {
  if (readSession()?.token !== refusedToken) return;
  clearSession();
  expiryListeners.forEach((listener) => listener());
}

export function isSeller(user: SessionUser | null | undefined): boolean {
  return user?.accountType === 'seller';
}

/** 'Amina Wanjiru' -> 'Amina'. */
export function firstName(userName: string): string {
  return userName.trim().split(/\s+/)[0] ?? '';
}
