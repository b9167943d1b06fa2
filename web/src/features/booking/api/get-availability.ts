// GET /api/appointments/availability: a service's day — the starts that can be booked, whether the
// provider works that day and, when nothing is left, the next day that has something. With a menu or
// a team, for the services chosen one after the other and the member chosen (else anyone).
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { useRequest, type RequestState } from '@/lib/use-request';
import type { Availability } from '@/types/api';

/** What a booking's free times depend on besides the day: the menu's services chosen, and who. */
export interface BookingChoice {
  /** In the order chosen; none for a listing booked as one service. */
  optionIds: readonly string[];
  /** '' for anyone available (or a provider without a team). */
  memberId: string;
}

export const AS_ONE_SERVICE: BookingChoice = { optionIds: [], memberId: '' };

/** A choice as the query writes it: `optionIds=a,b` (when any) and `memberId` (when someone). */
export interface ChoiceQuery {
  options: string;
  memberId: string;
}

export function choiceQuery({ optionIds, memberId }: BookingChoice): ChoiceQuery {
  return { options: optionIds.join(','), memberId };
}

export function choiceParams({ options, memberId }: ChoiceQuery): Record<string, string> {
  return { ...(options && { optionIds: options }), ...(memberId && { memberId }) };
}

export async function getAvailability(
  serviceId: string,
  date: string,
  choice: ChoiceQuery,
  signal?: AbortSignal,
): Promise<Availability> {
  const response = await api.get<Partial<Availability>>('/api/appointments/availability', {
    params: { serviceId, date, ...choiceParams(choice) },
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
 * useRequest for an answer that depends on a question (a day, the services, the member): while the
 * answer to a new question is on its way, the previous one (which useRequest keeps) counts as loading,
 * so no start free only for other services or another member is offered meanwhile.
 */
export function useAnswer<Data>(
  question: string,
  load: (signal: AbortSignal) => Promise<Data>,
  failure: string,
): RequestState<Data> & { retry: () => void } {
  const asked = useCallback(async (signal: AbortSignal) => ({ question, data: await load(signal) }), [question, load]);
  const request = useRequest(asked, failure);
  if (request.status !== 'success') return request;
  return request.data.question === question
    ? { status: 'success', data: request.data.data, retry: request.retry }
    : { status: 'loading', retry: request.retry };
}

/**
 * The chosen day's availability (nothing is asked before a day is chosen); retry() asks again, e.g.
 * after a 409, so that the start just taken disappears.
 */
export function useAvailability(serviceId: string, date: string | null, choice: BookingChoice = AS_ONE_SERVICE) {
  const { options, memberId } = choiceQuery(choice);
  const load = useCallback(
    (signal: AbortSignal) => (date ? getAvailability(serviceId, date, { options, memberId }, signal) : Promise.resolve(NO_DAY)),
    [serviceId, date, options, memberId],
  );
  return useAnswer(JSON.stringify([serviceId, date, options, memberId]), load, 'Failed to load the available times');
}
