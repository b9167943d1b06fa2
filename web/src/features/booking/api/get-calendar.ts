// GET /api/appointments/calendar: which days of a month a service can take a booking, and why the
// others cannot (closed, a day off, fully booked, beyond how far ahead the provider books); with a menu
// or a team, for the services and the member chosen.
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import type { CalendarMonth } from '@/types/api';
import { AS_ONE_SERVICE, choiceParams, choiceQuery, useAnswer, type BookingChoice, type ChoiceQuery } from './get-availability';

export async function getCalendar(
  serviceId: string,
  month: string,
  choice: ChoiceQuery,
  signal?: AbortSignal,
): Promise<CalendarMonth> {
  const response = await api.get<CalendarMonth>('/api/appointments/calendar', {
    params: { serviceId, month, ...choiceParams(choice) },
    signal,
  });
  return { month, days: response.data.days ?? [], nextOpenDate: response.data.nextOpenDate ?? null };
}

/**
 * The month `month` ('YYYY-MM') of a service's calendar; days it says nothing of stay choosable. With
 * `choice` null (what the days depend on is not chosen yet), nothing is asked.
 */
export function useCalendar(serviceId: string, month: string, choice: BookingChoice | null = AS_ONE_SERVICE) {
  const asking = choice !== null;
  const { options, memberId } = choiceQuery(choice ?? AS_ONE_SERVICE);
  const load = useCallback(
    (signal: AbortSignal) =>
      asking ? getCalendar(serviceId, month, { options, memberId }, signal) : Promise.resolve({ month, days: [], nextOpenDate: null }),
    [asking, serviceId, month, options, memberId],
  );
  return useAnswer(JSON.stringify([asking, serviceId, month, options, memberId]), load, 'Failed to load the calendar');
}

/** The days of an answered month that cannot take a booking, with why. */
export function unavailableDays(calendar: CalendarMonth | null): Map<string, string> {
  const days = new Map<string, string>();
  for (const day of calendar?.days ?? []) {
    if (!day.bookable) days.set(day.date, day.reason || t('Not available'));
  }
  return days;
}
