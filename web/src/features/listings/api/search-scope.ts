// GET /api/services/search/scope?query=: how the search reads its words: the place they
// name, which filters the search, the other words, and whether nothing there had them all, so that
// the nearest matches anywhere are answered ("No massage in Nairobi yet. The nearest:").
// Asked for beside the search's first page (app/page-table.ts), not after it. Free of React.
import { api, firstScreenApi, type ApiReader } from '@/lib/api-client';
import { prefetch } from '@/lib/prefetch';
import type { SearchScope } from '@/types/api';

/** `client`: `firstScreenApi` for the call started before the app has loaded (or by the server). */
export async function getSearchScope(query: string, signal?: AbortSignal, client: ApiReader = api): Promise<SearchScope> {
  return (await client.get<SearchScope>('/api/services/search/scope', { params: { query }, signal })).data;
}

/** The key of a search's reading in lib/prefetch.ts, for useRequest. */
export const searchScopeKey = (query: string) => `search-scope:${query}`;

export function prefetchSearchScope(query: string): void {
  prefetch(searchScopeKey(query), () => getSearchScope(query, undefined, firstScreenApi));
}
