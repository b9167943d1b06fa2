// GET /api/appointments/calendar: which days of a month a service can take a booking, and why the
// others cannot (closed, a day off, fully booked, beyond how far ahead the provider books).
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useRequest } from '@/lib/use-request';
import type { CalendarMonth } from '@/types/api';

export async function getCalendar(serviceId: string, month: string, signal?: AbortSignal): Promise<CalendarMonth> {
  const response = await api.get<CalendarMonth>('/api/appointments/calendar', { params: { serviceId, month }, signal });
  return { month, days: response.data.days ?? [], nextOpenDate: response.data.nextOpenDate ?? null };
}

/** The month `month` ('YYYY-MM') of a service's calendar; days it says nothing of stay choosable. */
export function useCalendar(serviceId: string, month: string) {
  const load = useCallback((signal: AbortSignal) => getCalendar(serviceId, month, signal), [serviceId, month]);
  return useRequest(load, 'Failed to load the calendar');
}

/** The days of an answered month that cannot take a booking, with why. */
export function unavailableDays(calendar: CalendarMonth | null): Map<string, string> {
  const days = new Map<string, string>();
  for (const day of calendar?.days ?? []) {
    if (!day.bookable) days.set(day.date, day.reason || t('Not available'));
  }
  return days;
}
