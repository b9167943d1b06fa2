// Shapes of the gateway's JSON answers (SPEC §3 "as read from the server") and their client forms.

export interface ServiceMediaDto {
  type: string;
  data: string;
  thumbnail?: string;
  width?: number;
  height?: number;
}

/** A service listing exactly as GET /api/services returns it. */
export interface ServiceDto {
  _id: string;
  name: string;
  minPrice: number;
  maxPrice: number;
  location: string;
  phoneNumber?: string | null;
  category: string;
  subcategory: string;
  description?: string;
  media?: ServiceMediaDto[] | null;
  featured?: boolean;
  sellerId?: string;
  createdAt?: string;
}

/** A service listing as the client uses it (SPEC §3 "as used by the client"). */
export interface Listing {
  id: string;
  name: string;
  minPrice: number;
  maxPrice: number;
  location: string;
  /** Card-sized image URL; the placeholder image when the listing has no photo. */
  image: string;
  /** The phone number without a leading plus; '' when the listing has none. */
  whatsapp: string;
  category: string;
  subcategory: string;
  description: string;
  featured: boolean;
}

/** Every error answer of the gateway. */
export interface ApiErrorBody {
  message: string;
}
