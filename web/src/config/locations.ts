// The locations offered by the header's location dropdown (SPEC §3) and where each one leads.
import { paths } from './paths';

export type LocationId = 'all' | 'nairobi' | 'nakuru' | 'kiambu' | 'kisumu' | 'thika';

export interface Location {
  id: LocationId;
  name: string;
}

export const locations: readonly Location[] = [
  { id: 'all', name: 'All Locations' },
  { id: 'nairobi', name: 'Nairobi' },
  { id: 'nakuru', name: 'Nakuru' },
  { id: 'kiambu', name: 'Kiambu' },
  { id: 'kisumu', name: 'Kisumu' },
  { id: 'thika', name: 'Thika' },
];

/** 'all' leads to every service; any other location to its page, by its URL-encoded name. */
export function locationHref(id: string): string | null {
  if (id === 'all') return paths.allServices.getHref();
  const location = locations.find((l) => l.id === id);
  return location ? paths.servicesByLocation.getHref(location.name) : null;
}

/** The location a pathname shows, so the dropdown reflects the current page ('' when none). */
export function locationIdForPathname(pathname: string): LocationId | '' {
  if (pathname === paths.allServices.path) return 'all';
  const prefix = '/services/location/';
  if (!pathname.startsWith(prefix)) return '';
  let name: string;
  try {
    name = decodeURIComponent(pathname.slice(prefix.length)).toLowerCase();
  } catch {
    return '';
  }
  const location = locations.find((l) => l.id !== 'all' && l.name.toLowerCase() === name);
  return location ? location.id : '';
}
