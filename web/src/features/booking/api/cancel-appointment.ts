// The customer's "Change or cancel" link (sent by e-mail, no account needed): GET /api/appointments/cancel?token=
// shows the booking, POST …/cancel {token} cancels it, POST …/reschedule {token, date, time} moves it.
import { api } from '@/lib/api-client';
import type { Appointment, RescheduleInput } from '@/types/api';

export async function getCancellableAppointment(token: string, signal?: AbortSignal): Promise<Appointment> {
  const response = await api.get<Appointment>('/api/appointments/cancel', { params: { token }, signal });
  return response.data;
}

export async function cancelAppointment(token: string): Promise<Appointment> {
  const response = await api.post<Appointment>('/api/appointments/cancel', { token });
  return response.data;
}

/**
 * POST /api/appointments/reschedule {token, date, time}: the booking moved to another bookable time.
 * `memberId` (a provider with a team) keeps it with that member or fails with 409
 * member_taken; left out, the server keeps the booking's own member when free then, else anyone free.
 */
export async function rescheduleAppointment(token: string, date: string, time: string, memberId?: string): Promise<Appointment> {
  const body: Pick<RescheduleInput, 'token' | 'date' | 'time'> & Partial<Pick<RescheduleInput, 'memberId'>> = {
    token,
    date,
    time,
    ...(memberId && { memberId }),
  };
  const response = await api.post<Appointment>('/api/appointments/reschedule', body);
  return response.data;
}
