// GET /api/appointments/availability: the slots of a service's day that are taken or already past.
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { Availability } from '@/types/api';

export async function getAvailability(serviceId: string, date: string, signal?: AbortSignal): Promise<Availability> {
  const response = await api.get<Availability>('/api/appointments/availability', {
    params: { serviceId, date },
    signal,
  });
  // The day asked for, whatever form the server echoes it in: the dialog matches answers to its date.
  return { taken: response.data.taken ?? [], past: response.data.past ?? [], date };
}

const NO_DAY: Availability = { date: '', taken: [], past: [] };

/**
 * The chosen day's availability (nothing is asked before a day is chosen); retry() asks again, e.g.
 * after a 409, so that the slot just taken greys out.
 */
export function useAvailability(serviceId: string, date: string | null) {
  const load = useCallback(
    (signal: AbortSignal) => (date ? getAvailability(serviceId, date, signal) : Promise.resolve(NO_DAY)),
    [serviceId, date],
  );
  return useRequest(load, 'Failed to load the available times');
}
