// GET /api/service/{id}: the listing a seller edits, as the server stores it (its photos' keys included).
import { useCallback } from 'react';
import { api, apiErrorCode } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { ServiceDto } from '@/types/api';

/** The listing, or null when there is none with that id (removed, or a mistyped link). */
export async function getService(id: string, signal?: AbortSignal): Promise<ServiceDto | null> {
  try {
    const response = await api.get<ServiceDto>(`/api/service/${encodeURIComponent(id)}`, { signal });
    return response.data;
  } catch (error) {
    if (apiErrorCode(error) === 'not_found') return null;
    throw error;
  }
}

export function useEditedService(id: string) {
  const load = useCallback((signal: AbortSignal) => getService(id, signal), [id]);
  return useRequest(load, 'Failed to load the service to edit');
}
