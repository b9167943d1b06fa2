// POST /api/appointments: an appointment request for a service (SPEC §3 Appointment request payload, §7).
import { api } from '@/lib/api-client';
import type { Appointment } from '@/types/api';

/** What is sent: the request's own fields of an appointment (phone '' when not given, else +254…). */
export type AppointmentPayload = Pick<Appointment, 'serviceId' | 'name' | 'email' | 'phone' | 'date' | 'time' | 'message'>;

/** The idempotency key makes a request sent twice (a double tap, a retry on a flaky line) book once. */
export async function createAppointment(payload: AppointmentPayload, idempotencyKey: string): Promise<Appointment> {
  const response = await api.post<Appointment>('/api/appointments', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data;
}
