// Kenya's places as GET /api/places answers them: the place picker's suggestions, the
// nearest ward to the phone's position, and how a place is written. Read with a few lines over
// fetch (firstScreenApi), so that a public page asking for them downloads no axios.
import type { Place } from '@/types/api';
import { firstScreenApi } from './api-client';
import { prefetch } from './prefetch';

export interface Position {
  lat: number;
  lng: number;
}

/** The places a typed text names, best first (at most 10; prefixes and one typo per word forgiven). */
export async function findPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const response = await firstScreenApi.get<Place[]>('/api/places', { params: { query }, signal });
  return response.data;
}

/** The place a place page's name is ("Kasarani", "Kilimani, Nairobi"), or null when it is none's or several's. */
export async function placeNamed(name: string, signal?: AbortSignal): Promise<Place | null> {
  const response = await firstScreenApi.get<Place[]>('/api/places', { params: { name }, signal });
  return response.data[0] ?? null;
}

/** The key of a place page's place in lib/prefetch.ts, for useRequest. */
export const placeNamedKey = (name: string) => `place-named:${name}`;

/** Started beside the place page's first list (app/page-table.ts). */
export function prefetchPlaceNamed(name: string): void {
  prefetch(placeNamedKey(name), () => placeNamed(name));
}

/** The wards nearest a position, nearest first. */
export async function nearestWards(at: Position, signal?: AbortSignal): Promise<Place[]> {
  // To about 100 m, as the visitor's area is kept: no more of where they are leaves the phone.
  const near = `${at.lat.toFixed(3)},${at.lng.toFixed(3)}`;
  const response = await firstScreenApi.get<Place[]>('/api/places', { params: { near }, signal });
  return response.data;
}

/**
 * Where the phone is (asked now: the visitor tapped) and the ward nearest to it: the form's "Use my
 * location" and Near me. No ward when the places cannot be asked; fails as currentPosition does.
 */
export async function locateWard(): Promise<{ at: Position; ward?: Place }> {
  const at = await currentPosition();
  const [ward] = await nearestWards(at).catch((): Place[] => []);
  return { at, ward };
}

/** "Lavington, Dagoretti North, Nairobi": the place, then the wider areas it lies in that differ. */
export function placeLabel(place: Pick<Place, 'name' | 'county'> & { subCounty?: string | null }): string {
  const parts = [place.name];
  for (const wider of [place.subCounty, place.county]) {
    if (wider && !parts.includes(wider)) parts.push(wider);
  }
  return parts.join(', ');
}

/**
 * The phone's position, asked for only when the visitor taps (the browser asks them first); fails
 * when they refuse, the phone cannot tell within 15 seconds, or the browser has no geolocation.
 */
export function currentPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('No geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      (error) => reject(new Error(error.message || 'Position unavailable')),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  });
}
