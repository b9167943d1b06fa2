// GET /api/account/appointments (bearer token, sellers): the bookings of the seller's services, newest first.
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { Appointment } from '@/types/api';

export async function getSellerAppointments(signal?: AbortSignal): Promise<Appointment[]> {
  const response = await api.get<Appointment[]>('/api/account/appointments', { signal });
  return response.data;
}

export function useSellerAppointments() {
  return useRequest(getSellerAppointments, 'Failed to load the bookings');
}
