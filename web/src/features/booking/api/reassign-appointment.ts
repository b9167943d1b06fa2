// POST /api/account/appointments/{id}/reassign (bearer token, the provider): an upcoming booking served
// by another member of the team from now on; the customer and both members are told. 409 member_taken
// when that member is not free then.
import { api } from '@/lib/api-client';
import type { Appointment, ReassignInput } from '@/types/api';

export async function reassignAppointment(id: string, memberId: string): Promise<Appointment> {
  const body: ReassignInput = { memberId };
  const response = await api.post<Appointment>(`/api/account/appointments/${encodeURIComponent(id)}/reassign`, body);
  return response.data;
}
