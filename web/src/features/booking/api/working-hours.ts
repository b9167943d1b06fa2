// GET and PUT /api/account/hours (bearer token, sellers): the provider's working plan.
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { WorkingHours } from '@/types/api';

export async function getWorkingHours(signal?: AbortSignal): Promise<WorkingHours> {
  const response = await api.get<WorkingHours>('/api/account/hours', { signal });
  return response.data;
}

export async function saveWorkingHours(hours: WorkingHours): Promise<WorkingHours> {
  const response = await api.put<WorkingHours>('/api/account/hours', hours);
  return response.data;
}

export function useWorkingHours() {
  return useRequest(getWorkingHours, 'Failed to load the working hours');
}
