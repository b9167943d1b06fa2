// The operator console's calls (`/api/admin/…`, admins only) and the shapes they answer.
import { api } from '@/lib/api-client';
import type { AccountUser, ServiceDto, Subscription } from '@/types/api';

export interface Overview {
  listingsVisible: number;
  listingsHidden: number;
  newSellersThisWeek: number;
  bookingsThisWeek: number;
  revenueThisMonth: { packageId: string; name: string; amount: number; payments: number }[];
  revenueThisMonthTotal: number;
  paymentsPending: number;
  openReports: number;
  unansweredMessages: number;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: 'new' | 'answered';
  createdAt: string;
  reply?: string;
  repliedAt?: string;
  repliedBy?: string;
}

export interface AdminService extends ServiceDto {
  visible: boolean;
  hidden: boolean;
  hiddenReason?: string;
}

export interface Report {
  id: string;
  kind: string;
  targetId: string;
  reason: string;
  details: string;
  status: 'open' | 'closed';
  resolution?: 'hidden' | 'dismissed';
  createdAt: string;
  listing?: AdminService;
}

export interface AdminSeller {
  user: AccountUser;
  subscription?: Subscription;
  suspended: boolean;
  suspendedReason?: string;
  suspendedAt?: string;
  listingCount: number;
  createdAt: string;
}

export interface AdminPayment {
  id: string;
  purpose: string;
  packageId: string;
  amount: number;
  status: string;
  mpesaReceipt?: string | null;
  createdAt: string;
}

export interface SellerPage {
  seller: AdminSeller;
  listings: AdminService[];
  payments: AdminPayment[];
}

export interface AuditEntry {
  id: string;
  at: string;
  adminName: string;
  action: string;
  targetKind: string;
  targetId: string;
  reason: string;
}

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
