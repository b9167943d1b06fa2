// GET /api/services/{categoryId}?limit=4 for all nine categories at once: the home page's sections.
import { api, firstScreenApi, type ApiReader } from '@/lib/api-client';
import { toListings } from '@/lib/listing';
import { prefetch } from '@/lib/prefetch';
import { categories, type Category } from '@/config/categories';
import type { Listing, ServiceDto } from '@/types/api';

/** SPEC §9: home sections show at most 4 services. */
export const HOME_SECTION_SIZE = 4;

export interface HomeSection {
  category: Category;
  /** Featured listings first, as the server orders them. */
  listings: Listing[];
}

export async function getCategoryListings(
  categoryId: string,
  limit: number,
  signal?: AbortSignal,
  client: ApiReader = api,
): Promise<Listing[]> {
  const response = await client.get<ServiceDto[] | ServiceDto>(`/api/services/${encodeURIComponent(categoryId)}`, {
    params: { limit },
    signal,
  });
  return toListings(response.data);
}

/**
 * The categories that have services, in the menu's order. A category whose call fails is logged and
 * left out (SPEC §8); the load as a whole fails only when every call does. `client`: `firstScreenApi`
 * for the calls started before the app has loaded.
 */
export async function getHomeSections(signal?: AbortSignal, client: ApiReader = api): Promise<HomeSection[]> {
  const results = await Promise.allSettled(
    categories.map((category) => getCategoryListings(category.id, HOME_SECTION_SIZE, signal, client)),
  );
  if (results.every((result) => result.status === 'rejected')) {
    throw new AggregateError(
      results.map((result) => result.reason as unknown),
      'Every category failed to load',
    );
  }
  return results.flatMap((result, index): HomeSection[] => {
    const category = categories[index]!;
    if (result.status === 'rejected') {
      if (!signal?.aborted) console.error(`Failed to load the ${category.title} services`, result.reason);
      return [];
    }
    const listings = result.value.slice(0, HOME_SECTION_SIZE);
    return listings.length > 0 ? [{ category, listings }] : [];
  });
}

/** The key of the sections' answer in lib/prefetch.ts, for useRequest. */
export const HOME_SECTIONS = 'home-sections';

/** Starts the home page's calls before its screen has loaded (app/first-screen.ts), without axios. */
export function prefetchHomeSections(): void {
  prefetch(HOME_SECTIONS, () => getHomeSections(undefined, firstScreenApi));
}
