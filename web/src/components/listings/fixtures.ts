// Sample service answers for the tests of the listing screens.
import type { ServiceDto } from '@/types/api';

/** One service as the gateway returns it; `n` makes its id, name and photo unique. */
export function serviceDto(n: number, overrides: Partial<ServiceDto> = {}): ServiceDto {
  return {
    _id: `svc-${n}`,
    name: `Service ${n}`,
    minPrice: 1500,
    maxPrice: 4500,
    location: 'Kilimani, Nairobi',
    phoneNumber: '+254712345678',
    category: 'beauty',
    subcategory: 'makeup',
    description: 'Soft glam and bridal makeup at your home or venue.',
    media: [{ type: 'image', data: `/media/${n}/1280.webp`, thumbnail: `/media/${n}/480.webp`, width: 1280, height: 960 }],
    featured: false,
    sellerId: 'seller-1',
    createdAt: '2026-11-21T09:00:00Z',
    durationMinutes: 60,
    directions: '',
    place: {
      id: 'nairobi.dagoretti-north.kilimani',
      name: 'Kilimani',
      ward: 'Kilimani',
      subCounty: 'Dagoretti North',
      county: 'Nairobi',
    },
    servesRadiusKm: 0,
    options: [],
    rating: { average: null, count: 0 },
    ...overrides,
  };
}

/** `count` services numbered from `from`. */
export function serviceDtos(count: number, from = 0, overrides: Partial<ServiceDto> = {}): ServiceDto[] {
  return Array.from({ length: count }, (_, i) => serviceDto(from + i, overrides));
}

/** A service menu as the demo's "Knotless Braids by Achieng" has it, in the provider's order. */
export const braidsMenu: ServiceDto['options'] = [
  { id: 'o-1', name: 'Wash and blow-dry', priceKsh: 500, durationMinutes: 30 },
  { id: 'o-2', name: 'Knotless shoulder length', priceKsh: 2500, durationMinutes: 180 },
  { id: 'o-3', name: 'Cornrows with a fringe', priceKsh: 1200, durationMinutes: 90 },
  { id: 'o-4', name: 'Knotless waist length', priceKsh: 6000, durationMinutes: 360 },
];
