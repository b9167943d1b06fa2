// What the booking dialog's first steps offer when its opener did not have them (the
// header's Book, a service picked in the dialog): the listing's menu (GET /api/service/{id}) and the
// members who take its bookings (GET /api/service/{id}/team), asked for together.
import { useCallback, useState } from 'react';
import { firstScreenApi } from '@/lib/api-client';
import type { BookingListing } from '@/lib/booking-dialog';
import { getListingTeam } from '@/lib/team';
import { useRequest } from '@/lib/use-request';
import type { ServiceDto } from '@/types/api';

export async function getBookingListing(serviceId: string, signal?: AbortSignal): Promise<BookingListing> {
  const [listing, team] = await Promise.all([
    firstScreenApi.get<Partial<Pick<ServiceDto, 'options'>>>(`/api/service/${encodeURIComponent(serviceId)}`, { signal }),
    getListingTeam(serviceId, signal),
  ]);
  return { options: listing.data.options ?? [], team };
}

/**
 * `given`: what the opener had, shown at once and not asked again — until refresh(), when the server
 * said the menu has changed since (a service chosen is no longer on it).
 */
export function useBookingListing(serviceId: string, given: BookingListing | null) {
  const [stale, setStale] = useState(false);
  const known = stale ? null : given;
  const load = useCallback(
    (signal: AbortSignal) => (known ? Promise.resolve(known) : getBookingListing(serviceId, signal)),
    [serviceId, known],
  );
  const request = useRequest(load, 'Failed to load the services and team of a listing');
  const { retry } = request;
  const refresh = useCallback(() => (known ? setStale(true) : retry()), [known, retry]);
  return known ? { status: 'success' as const, data: known, retry, refresh } : { ...request, refresh };
}
