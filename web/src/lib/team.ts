// GET /api/service/{id}/team: the members of the provider's team who take bookings of a
// listing, for "Choose a stylist" on its page and in the booking dialog; [] for a provider without a
// team, who then has no such step at all. Over fetch (firstScreenApi): the listing's page asks for it
// beside the listing (app/page-table.ts), so the server renders the section with the page and nothing
// arrives later to move it.
import type { TeamMember } from '@/types/api';
import { apiErrorCode, firstScreenApi } from './api-client';
import { prefetch } from './prefetch';

export async function getListingTeam(id: string, signal?: AbortSignal): Promise<TeamMember[]> {
  try {
    // Paused members and those who do not do this listing are left out by the server.
    return (await firstScreenApi.get<TeamMember[]>(`/api/service/${encodeURIComponent(id)}/team`, { signal })).data;
  } catch (error) {
    // A listing that is gone has nobody to choose (its page says it is not found).
    if (apiErrorCode(error) === 'not_found') return [];
    throw error;
  }
}

/** The key of a listing's team in lib/prefetch.ts, for useRequest. */
export const listingTeamKey = (id: string) => `listing-team:${id}`;

export function prefetchListingTeam(id: string): void {
  prefetch(listingTeamKey(id), () => getListingTeam(id));
}
