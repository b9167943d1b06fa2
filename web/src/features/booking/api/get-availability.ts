// GET /api/appointments/availability: a service's day — the starts that can be booked, whether the
// provider works that day and, when nothing is left, the next day that has something.
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { Availability } from '@/types/api';

export async function getAvailability(serviceId: string, date: string, signal?: AbortSignal): Promise<Availability> {
  const response = await api.get<Partial<Availability>>('/api/appointments/availability', {
    params: { serviceId, date },
    signal,
  });
  const a = response.data;
  // The day asked for, whatever form the server echoes it in: the dialog matches answers to its date.
  return {
    date,
    slots: a.slots ?? [],
    taken: a.taken ?? [],
    past: a.past ?? [],
    closed: a.closed ?? false,
    reason: a.reason,
    nextOpenDate: a.nextOpenDate ?? null,
    durationMinutes: a.durationMinutes,
  };
}

const NO_DAY: Availability = { date: '', slots: [], taken: [], past: [], closed: false };

/**
 * The chosen day's availability (nothing is asked before a day is chosen); retry() asks again, e.g.
 * after a 409, so that the start just taken disappears.
 */
export function useAvailability(serviceId: string, date: string | null) {
  const load = useCallback(
    (signal: AbortSignal) => (date ? getAvailability(serviceId, date, signal) : Promise.resolve(NO_DAY)),
    [serviceId, date],
  );
  return useRequest(load, 'Failed to load the available times');
}
