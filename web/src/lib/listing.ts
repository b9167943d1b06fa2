// Turns the gateway's service JSON into the client's Listing (SPEC §3).
import type { Listing, ServiceDto, ServiceMediaDto } from '@/types/api';

/** Shown when a listing has no photo or its photo fails to load. */
export const PLACEHOLDER_IMAGE = '/images/service-placeholder.svg';

/** The card image: the first image item's thumbnail, else its full-size data, else the placeholder. */
export function listingImage(media: readonly ServiceMediaDto[] | null | undefined): string {
  const photo = media?.find((item) => item.type === 'image');
  return photo?.thumbnail || photo?.data || PLACEHOLDER_IMAGE;
}

export function toListing(dto: ServiceDto): Listing {
  return {
    id: dto._id,
    name: dto.name,
    minPrice: dto.minPrice,
    maxPrice: dto.maxPrice,
    location: dto.location,
    image: listingImage(dto.media),
    whatsapp: (dto.phoneNumber ?? '').trim().replace(/^\+/, ''),
    category: dto.category,
    subcategory: dto.subcategory,
    description: dto.description ?? '',
    featured: dto.featured === true,
  };
}

/** Some calls answer a list or a single object (SPEC §7); both become a list of listings. */
export function toListings(body: ServiceDto[] | ServiceDto | null | undefined): Listing[] {
  if (!body) return [];
  return (Array.isArray(body) ? body : [body]).map(toListing);
}
