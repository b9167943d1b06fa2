// The visitor's area: where "Near me" found them (the phone's position) or the place they
// picked when it could not. Kept in the mtaani_area cookie, so that every list the app or the server
// renders (src/server/main.ts) comes nearest first with distances: the lists add it to their calls
// (features/listings/api/first-pages.ts). Asked for only when the visitor taps "Near me". Free of
// React, for the renderer and the first screen; lib/area.ts has the hook.

export interface Area {
  /** `LAT,LNG` to three decimals (about 100 m: no more than a list needs), or a place's id. */
  near?: string;
  placeId?: string;
  /** How it is shown: the ward found, or the place picked ("Kasarani"). */
  label: string;
}

const COOKIE = 'mtaani_area';
const POSITION = /^-?\d{1,2}\.\d{1,6},-?\d{1,3}\.\d{1,6}$/;
const PLACE_ID = /^[a-z0-9~.-]{1,120}$/;

/** The area kept in `cookie` (a Cookie header, or document.cookie), if one is well formed. */
export function areaChoice(cookie: string): Area | null {
  const kept = new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`).exec(cookie)?.[1];
  if (!kept) return null;
  let value: string;
  try {
    value = decodeURIComponent(kept);
  } catch {
    return null;
  }
  const [kind = '', where = '', label = ''] = value.split('|');
  const shown = label.slice(0, 80);
  if (kind === 'near' && POSITION.test(where)) return { near: where, label: shown };
  if (kind === 'place' && PLACE_ID.test(where)) return { placeId: where, label: shown };
  return null;
}

/** The cookie that keeps `area` for a month; null forgets it. */
export function areaCookie(area: Area | null): string {
  if (!area) return `${COOKIE}=; path=/; max-age=0; samesite=lax`;
  const value = area.near ? `near|${area.near}` : `place|${area.placeId ?? ''}`;
  return `${COOKIE}=${encodeURIComponent(`${value}|${area.label}`)}; path=/; max-age=2592000; samesite=lax`;
}

/** A position to three decimals, as kept. */
export function roundedPosition(lat: number, lng: number): string {
  return `${lat.toFixed(3)},${lng.toFixed(3)}`;
}

/** What a list's call adds for the area: `near` or `placeId`. */
export function areaParams(area: Area | null): Record<string, string> {
  if (area?.near) return { near: area.near };
  if (area?.placeId) return { placeId: area.placeId };
  return {};
}

const listeners = new Set<() => void>();
// The renderer has no document: it sets the area of each page it renders (setArea).
let current: Area | null = globalThis.document ? areaChoice(document.cookie) : null;

/** Calls `changed` whenever the area changes; answers how to stop. */
export function subscribeArea(changed: () => void): () => void {
  listeners.add(changed);
  return () => listeners.delete(changed);
}

/** The area now (for calls made outside React: the first screen). */
export function currentArea(): Area | null {
  return current;
}

/** The area of the page the renderer renders next (src/server/render.tsx), or of a test. */
export function setArea(area: Area | null): void {
  current = area;
}

/** The visitor chose (or cleared, with null) their area: kept for the pages to come, shown at once. */
export function chooseArea(area: Area | null): void {
  document.cookie = areaCookie(area);
  current = area;
  listeners.forEach((changed) => changed());
}
