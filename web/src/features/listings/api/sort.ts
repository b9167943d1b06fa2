// The orders of the listing pages (`?sort=` in the page's address and in its API calls). Free of React,
// so the first screen can read it before the app has loaded. Their names are the sort menu's
// (components/sort-select.tsx): not in the first screen's code.
export const SORTS = ['recommended', 'rating', 'price_asc', 'price_desc', 'newest'] as const;

export type Sort = (typeof SORTS)[number];

/** The order a page's address asks for; '' for the default (recommended) or one we do not know. */
export function readSort(query: URLSearchParams): Exclude<Sort, 'recommended'> | '' {
  const asked = (query.get('sort') ?? '').trim();
  const known = SORTS.find((value) => value === asked && value !== 'recommended');
  return known ? (known as Exclude<Sort, 'recommended'>) : '';
}

/** A list's filter with the order, when it is not the default (the default's address stays as it was). */
export function sorted(filter: Record<string, string>, sort: string): Record<string, string> {
  return sort ? { ...filter, sort } : filter;
}
