// POST /api/appointments: an appointment request for a service (SPEC §3 Appointment request payload, §7).
import { api } from '@/lib/api-client';
import type { Appointment } from '@/types/api';

export interface AppointmentPayload {
  serviceId: string;
  name: string;
  email: string;
  /** Optional, cleaned to +254…; empty when not given. */
  phone: string;
  /** 'YYYY-MM-DD', Nairobi. */
  date: string;
  /** A slot label, e.g. '9:30 AM'. */
  time: string;
  message: string;
}

/** The idempotency key makes a request sent twice (a double tap, a retry on a flaky line) book once. */
export async function createAppointment(payload: AppointmentPayload, idempotencyKey: string): Promise<Appointment> {
  const response = await api.post<Appointment>('/api/appointments', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data;
}
