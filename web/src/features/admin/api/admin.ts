// The operator console's calls (`/api/admin/…`, admins only) and the shapes they answer.
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import type { AccountUser, Payment, Subscription } from '@/types/api';

// The answers' shapes come from the gateway's OpenAPI document (src/types/api.gen.ts); the closed sets
// of values the document gives as plain strings are named here.
type Schema = components['schemas'];

export type Overview = Schema['AdminOverview'];

export type ContactMessage = Omit<Schema['ContactMessage'], 'status'> & { status: 'new' | 'answered' };

export type AdminService = Schema['AdminService'];

export type Report = Omit<Schema['Report'], 'status' | 'resolution'> & {
  status: 'open' | 'closed';
  resolution?: 'hidden' | 'dismissed' | null;
};

export type AdminSeller = Omit<Schema['AdminSeller'], 'user' | 'subscription'> & {
  user: AccountUser;
  subscription?: Subscription | null;
};

export type AdminPayment = Payment;

export type SellerPage = Omit<Schema['AdminSellerPage'], 'seller' | 'payments'> & {
  seller: AdminSeller;
  payments: AdminPayment[];
};

export type AuditEntry = Schema['AuditEntry'];

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
  sellers: '/api/admin/sellers',
  seller: (id: string) => `/api/admin/sellers/${encodeURIComponent(id)}`,
  suspend: (id: string, lift: boolean) => `/api/admin/sellers/${encodeURIComponent(id)}/${lift ? 'unsuspend' : 'suspend'}`,
  audit: '/api/admin/audit',
};
