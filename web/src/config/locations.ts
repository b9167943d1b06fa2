// The locations offered by the header's location dropdown (SPEC §3) and where each one leads. The
// towns are the contract's data file (proto/catalog/v1/categories.json), which the catalog reads too.
import tree from '../../../proto/catalog/v1/categories.json';
import { t } from '@/lib/i18n';
import { paths } from './paths';

/** 'all', a town's id (e.g. 'nairobi'), or '' for none. */
export type LocationId = string;

export interface Location {
  id: LocationId;
  /** The English name: a town's is in its page's URL and in the listings. */
  name: string;
  /** The name shown, in this build's language (a town's stays as it is). */
  label: string;
}

export const locations: readonly Location[] = [
  { id: 'all', name: 'All Locations', label: t('All Locations') },
  ...tree.locations.map(({ id, name }) => ({ id, name, label: name })),
];

/** 'all' leads to every service; any other location to its page, by its URL-encoded name. */
export function locationHref(id: string): string | null {
  if (id === 'all') return paths.allServices.getHref();
  const location = locations.find((l) => l.id === id);
  return location ? paths.servicesByLocation.getHref(location.name) : null;
}

/** The location a pathname shows, so the dropdown reflects the current page ('' when none). */
export function locationIdForPathname(pathname: string): LocationId {
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
