// The orders of the listing pages (`?sort=` in the page's address and in its API calls). Free of React,
// so the first screen can read it before the app has loaded. Their names are the sort menu's
// (components/sort-select.tsx): not in the first screen's code.
export const SORTS = ['recommended', 'rating', 'price_asc', 'price_desc', 'newest', 'distance'] as const;

export type Sort = (typeof SORTS)[number];

/**
 * The order a page's address asks for; '' for the default or one we do not know. The default is
 * `recommended`, or `distance` when the visitor chose an area (lib/area-state.ts): with an area, the
 * address says `recommended` when that is asked for.
 */
export function readSort(query: URLSearchParams): Sort | '' {
  const asked = (query.get('sort') ?? '').trim();
  return SORTS.find((value) => value === asked) ?? '';
}

/** A list's filter with the order, when it is not the default (the default's address stays as it was). */
export function sorted(filter: Record<string, string>, sort: string): Record<string, string> {
  return sort ? { ...filter, sort } : filter;
}
