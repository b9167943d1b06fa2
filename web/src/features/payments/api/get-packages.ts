// GET /api/packages: the seller packages, and the hook the package and sign-up pages load them with.
import { api } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useRequest } from '@/lib/use-request';
import type { Package } from '@/types/api';

export const PACKAGES_FAILED = t('Failed to load packages. Please try again.');

export async function getPackages(signal?: AbortSignal): Promise<Package[]> {
  const response = await api.get<Package[]>('/api/packages', { signal });
  return response.data;
}

export function usePackages() {
  return useRequest(getPackages, 'Failed to load seller packages');
}
