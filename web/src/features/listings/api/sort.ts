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

/** The orders a page offers, in its menu's order, and the one it is in when none is asked for. */
export interface Orders {
  offered: readonly Sort[];
  fallback: Sort;
}

const OTHERS: readonly Sort[] = ['rating', 'price_asc', 'price_desc', 'newest'];

/**
 * A list's orders, or a search's (`search`). `origin`: distances are measured from somewhere (the
 * visitor's area, or the place a search's words name): only then is "nearest first" offered, and a
 * list's default. A search is best match first (`recommended`) unless `search.nearest`: nothing in the
 * place its words name matched, or they name a place alone, so the nearest are what it answers.
 */
export function ordersOf(origin: boolean, search?: { nearest: boolean }): Orders {
  const nearest: Sort[] = origin ? ['distance'] : [];
  if (search?.nearest) return { offered: ['distance', ...OTHERS], fallback: 'distance' };
  if (search) return { offered: ['recommended', ...nearest, ...OTHERS], fallback: 'recommended' };
  return { offered: [...nearest, 'recommended', ...OTHERS], fallback: origin ? 'distance' : 'recommended' };
}

/** The order a page is in: the one its address asks for if the page offers it, else its default. */
export function orderIn(asked: Sort | '', { offered, fallback }: Orders): Sort {
  return asked && offered.includes(asked) ? asked : fallback;
}
