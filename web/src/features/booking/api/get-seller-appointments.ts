// GET /api/account/appointments (bearer token, sellers): the bookings of the seller's services, newest first.
import { useCallback, useState } from 'react';
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { Appointment } from '@/types/api';

export async function getSellerAppointments(signal?: AbortSignal): Promise<Appointment[]> {
  const response = await api.get<Appointment[]>('/api/account/appointments', { signal });
  return response.data;
}

/**
 * The list, loaded again whenever `refreshKey` changes (a booking changed in another section of the
 * page), with the answers of this section's own changes (confirm, decline, a move) over it: those hold
 * until the list is loaded again, which has them.
 */
export function useSellerAppointments(refreshKey = 0) {
  // A new function tells useRequest to load again (without going back to its loading state).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is what makes it new
  const load = useCallback((signal: AbortSignal) => getSellerAppointments(signal), [refreshKey]);
  const query = useRequest(load, 'Failed to load the bookings');
  const loaded = query.status === 'success' ? query.data : null;
  const [changes, setChanges] = useState<{ on: Appointment[] | null; rows: Record<string, Appointment> }>({ on: null, rows: {} });
  const rows = changes.on === loaded ? changes.rows : {};
  return {
    ...query,
    /** The list with this section's changes; null while loading or failed. */
    appointments: loaded && loaded.map((appointment) => rows[appointment.id] ?? appointment),
    updated: (next: Appointment) =>
      setChanges((current) => ({ on: loaded, rows: { ...(current.on === loaded ? current.rows : {}), [next.id]: next } })),
  };
}
