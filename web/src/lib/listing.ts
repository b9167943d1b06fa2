// Turns the gateway's service JSON into the client's Listing (SPEC §3).
import { findCategory, findSubcategory } from '@/config/categories';
import type { Listing, ListingDetail, ListingPhoto, ServiceDto, ServiceMediaDto } from '@/types/api';
import { humanizeSlug } from './format';

/** Shown when a listing has no photo or its photo fails to load. */
export const PLACEHOLDER_IMAGE = '/images/service-placeholder.svg';

/** The card image: the first image item's thumbnail, else its full-size data, else the placeholder. */
export function listingImage(media: readonly ServiceMediaDto[] | null | undefined): string {
  const photo = media?.find((item) => item.type === 'image');
  return photo?.thumbnail || photo?.data || PLACEHOLDER_IMAGE;
}

export function toListing(dto: ServiceDto): Listing {
  const photo = dto.media?.find((item) => item.type === 'image');
  return {
    id: dto._id,
    name: dto.name,
    minPrice: dto.minPrice,
    maxPrice: dto.maxPrice,
    location: dto.location,
    image: listingImage(dto.media),
    // The data saver's: the 320 px copy, else (a photo the catalog has not made it for yet) the card's.
    small: photo && (photo.small || photo.thumbnail || photo.data),
    color: photo?.color,
    whatsapp: (dto.phoneNumber ?? '').trim().replace(/^\+/, ''),
    category: dto.category,
    subcategory: dto.subcategory,
    description: dto.description ?? '',
    featured: dto.featured === true,
    rating: dto.rating ?? { average: null, count: 0 },
    sellerId: dto.sellerId ?? '',
    // An answer from before places has none.
    place: dto.place ?? null,
    ...(typeof dto.distanceKm === 'number' ? { distanceKm: dto.distanceKm, comesToYou: dto.comesToYou === true } : {}),
  };
}

/** Some calls answer a list or a single object (SPEC §7); both become a list of listings. */
export function toListings(body: ServiceDto[] | ServiceDto | null | undefined): Listing[] {
  if (!body) return [];
  return (Array.isArray(body) ? body : [body]).map(toListing);
}

// Photos posted before the gateway recorded sizes: the 4:3 box every listing photo is cropped to.
const DEFAULT_PHOTO_WIDTH = 1280;
const DEFAULT_PHOTO_HEIGHT = 960;

/** Every image item at full size, in the seller's order, each with the thumbnail that stands for it. */
export function listingPhotos(media: readonly ServiceMediaDto[] | null | undefined): ListingPhoto[] {
  return (media ?? [])
    .filter((item) => item.type === 'image' && item.data)
    .map((item) => ({
      src: item.data,
      ...(item.medium ? { medium: item.medium } : {}),
      thumbnail: item.thumbnail || item.data,
      small: item.small,
      color: item.color,
      width: item.width || DEFAULT_PHOTO_WIDTH,
      height: item.height || DEFAULT_PHOTO_HEIGHT,
    }));
}

export function toListingDetail(dto: ServiceDto): ListingDetail {
  return {
    ...toListing(dto),
    photos: listingPhotos(dto.media),
    phoneNumber: (dto.phoneNumber ?? '').trim(),
    // An answer from before listings had directions has none.
    directions: dto.directions ?? '',
    servesRadiusKm: dto.servesRadiusKm ?? 0,
    ogImage: dto.ogImage ?? undefined,
    // An answer from before menus has none.
    options: dto.options ?? [],
  };
}

/**
 * The listing's category as the menu names it in English (the /category/{name} URL is built from it);
 * a category the menu does not know, from its id. categoryLabel() is the one to show.
 */
export function categoryTitle(listing: Pick<Listing, 'category'>): string {
  return findCategory(listing.category)?.title ?? humanizeSlug(listing.category);
}

/** The listing's category as the menu shows it, in this build's language. */
export function categoryLabel(listing: Pick<Listing, 'category'>): string {
  return findCategory(listing.category)?.label ?? humanizeSlug(listing.category);
}

/** The listing's subcategory as the menu names it in English; one the menu does not know, from its slug. */
export function subcategoryTitle(listing: Pick<Listing, 'category' | 'subcategory'>): string {
  return findSubcategory(listing.category, listing.subcategory)?.title ?? humanizeSlug(listing.subcategory);
}

/** The listing's subcategory as the menu shows it, in this build's language. */
export function subcategoryLabel(listing: Pick<Listing, 'category' | 'subcategory'>): string {
  return findSubcategory(listing.category, listing.subcategory)?.label ?? humanizeSlug(listing.subcategory);
}
