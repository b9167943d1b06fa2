// The operator console's calls (`/api/admin/…`, admins only) and the shapes they answer.
import { api } from '@/lib/api-client';
import type { components, operations } from '@/types/api.gen';
import type { Payment } from '@/types/api';

// The answers' shapes come from the gateway's OpenAPI document (src/types/api.gen.ts), statuses included.
type Schema = components['schemas'];

export type Overview = Schema['AdminOverview'];

export type ContactMessage = Schema['ContactMessage'];

export type AdminService = Schema['AdminService'];

export type Report = Schema['Report'];

export type AdminSeller = Schema['AdminSeller'];

export type AdminPayment = Payment;

export type SellerPage = Schema['AdminSellerPage'];

export type AuditEntry = Schema['AuditEntry'];

/** A kind of the log's events, as `GET /api/admin/audit?kind=` takes it. */
export type AuditKind = NonNullable<NonNullable<operations['adminAudit']['parameters']['query']>['kind']>;

export type Query = Record<string, string | number | undefined>;

export async function read<Data>(url: string, params: Query, signal?: AbortSignal): Promise<Data> {
  const response = await api.get<Data>(url, { params, signal });
  return response.data;
}

export async function act<Data>(url: string, body: object = {}): Promise<Data> {
  const response = await api.post<Data>(url, body);
  return response.data;
}

export const adminUrls = {
  overview: '/api/admin/overview',
  messages: '/api/admin/contact-messages',
  reply: (id: string) => `/api/admin/contact-messages/${encodeURIComponent(id)}/reply`,
  reports: '/api/admin/reports',
  dismiss: (id: string) => `/api/admin/reports/${encodeURIComponent(id)}/dismiss`,
  listings: '/api/admin/listings',
  hide: (id: string) => `/api/admin/listings/${encodeURIComponent(id)}/hide`,
  restore: (id: string) => `/api/admin/listings/${encodeURIComponent(id)}/restore`,
  hideReview: (id: string) => `/api/admin/reviews/${encodeURIComponent(id)}/hide`,
  restoreReview: (id: string) => `/api/admin/reviews/${encodeURIComponent(id)}/restore`,
  sellers: '/api/admin/sellers',
  seller: (id: string) => `/api/admin/sellers/${encodeURIComponent(id)}`,
  suspend: (id: string, lift: boolean) => `/api/admin/sellers/${encodeURIComponent(id)}/${lift ? 'unsuspend' : 'suspend'}`,
  audit: '/api/admin/audit',
};
