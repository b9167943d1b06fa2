// POST /api/appointments: an appointment request for a service (SPEC §3 Appointment request payload, §7),
// with the services of the listing's menu chosen and the team member asked for.
import { api } from '@/lib/api-client';
import type { Appointment, AppointmentInput } from '@/types/api';

/**
 * What is sent: the request's own fields (phone '' when not given, else +254…); `optionIds` (in the
 * order chosen) for a listing with a menu, `memberId` ('' for anyone available) for a provider with
 * a team. A listing without either sends neither.
 */
export type AppointmentPayload = Pick<AppointmentInput, 'serviceId' | 'name' | 'email' | 'phone' | 'date' | 'time' | 'message'> &
  Partial<Pick<AppointmentInput, 'optionIds' | 'memberId'>>;

/** The idempotency key makes a request sent twice (a double tap, a retry on a flaky line) book once. */
export async function createAppointment(payload: AppointmentPayload, idempotencyKey: string): Promise<Appointment> {
  const response = await api.post<Appointment>('/api/appointments', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data;
}
