// POST /api/services and PUT /api/service/{id} (bearer token): a seller's new listing, or changes to
// one of theirs (SPEC §3 creation payload, §7).
import { api } from '@/lib/api-client';
import type { ServiceDto } from '@/types/api';

/** A photo picked on this device: its data URL, and its file name for the server's messages. */
export interface ImageUpload {
  data: string;
  name: string;
}

/** One service on the listing's menu as it is sent (issue 42). */
export interface ServiceOptionPayload {
  /** One of the listing's stored options keeps its id (bookings name options by it); none for a new one. */
  id?: string;
  name: string;
  /** Whole shillings. */
  priceKsh: number;
  /** 30 to 600, in steps of 30. */
  durationMinutes: number;
}

export interface ServicePayload {
  name: string;
  images: ImageUpload[];
  /** Whole shillings; left out with a menu, whose cheapest and dearest services price the listing. */
  minPrice?: number;
  maxPrice?: number;
  /**
   * The service menu in the seller's order: left out when there is none (an edit then keeps the
   * listing's own, so an edit that empties it sends `[]`).
   */
  options?: ServiceOptionPayload[];
  location: string;
  /** The ward or estate picked (GET /api/places); '' for the one the location text names, if any. */
  placeId: string;
  /** How far the provider travels to customers, in km (0 to 50). */
  servesRadiusKm: number;
  phoneNumber: string;
  category: string;
  subcategory: string;
  description: string;
  /** How to find the provider once there; '' for none (an edit sends it too, or the stored ones go). */
  directions: string;
  /** How long one booking takes, in minutes (30 to 600, in steps of 30). */
  durationMinutes: number;
}

export interface ServiceChanges extends ServicePayload {
  /** The `data` URLs of the stored photos that stay; `images` holds only the new ones. */
  keepMedia: string[];
}

/** The idempotency key makes a listing sent twice (a double tap, a retry after a lost answer) stored once. */
export async function createService(payload: ServicePayload, idempotencyKey: string): Promise<ServiceDto> {
  const response = await api.post<ServiceDto>('/api/services', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return response.data;
}

export async function updateService(id: string, changes: ServiceChanges): Promise<ServiceDto> {
  const response = await api.put<ServiceDto>(`/api/service/${encodeURIComponent(id)}`, changes);
  return response.data;
}
