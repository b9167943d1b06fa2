// GET /api/account/bookings (bearer token, anyone signed in): the bookings made while signed in, upcoming
// first, each with the token of its "Change or cancel" page.
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { Appointment } from '@/types/api';

export async function getMyBookings(signal?: AbortSignal): Promise<Appointment[]> {
  const response = await api.get<Appointment[]>('/api/account/bookings', { signal });
  return response.data;
}

export function useMyBookings() {
  return useRequest(getMyBookings, 'Failed to load my bookings');
}
