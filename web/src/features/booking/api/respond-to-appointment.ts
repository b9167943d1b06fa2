// POST /api/account/appointments/{id}/confirm | /decline (bearer token, the service's seller): the
// provider's answer to a request; the updated appointment comes back.
import { api } from '@/lib/api-client';
import type { Appointment } from '@/types/api';

export type AppointmentResponse = 'confirm' | 'decline';

export async function respondToAppointment(id: string, response: AppointmentResponse): Promise<Appointment> {
  const answer = await api.post<Appointment>(`/api/account/appointments/${encodeURIComponent(id)}/${response}`);
  return answer.data;
}
