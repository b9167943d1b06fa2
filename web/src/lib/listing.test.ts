import { describe, expect, it } from 'vitest';
import type { ServiceDto, ServiceMediaDto } from '@/types/api';
import { PLACEHOLDER_IMAGE, listingImage, listingPhotos, toListing, toListingDetail, toListings } from './listing';

// The client reads answers defensively (older or partial answers than the document promises): these
// build such answers.
const loose = (answer: Record<string, unknown>) => answer as unknown as ServiceDto;
const looseMedia = (items: Record<string, unknown>[]) => items as unknown as ServiceMediaDto[];

const dto: ServiceDto = loose({
  _id: '665f1c2a9b1e8a0012345678',
  name: 'Glam Bridal Makeup',
  minPrice: 1500,
  maxPrice: 4500,
  location: 'Kilimani, Nairobi',
  phoneNumber: '+254712345678',
  category: 'beauty',
  subcategory: 'makeup',
  description: 'Soft glam and bridal makeup at your home or venue.',
  media: [
    { type: 'video', data: '/media/a/clip.mp4' },
    { type: 'image', data: '/media/b/1280.webp', thumbnail: '/media/b/480.webp', width: 1280, height: 960 },
    { type: 'image', data: '/media/c/1280.webp', thumbnail: '/media/c/480.webp' },
  ],
  featured: true,
  sellerId: 'seller-1',
  createdAt: '2026-11-21T09:00:00Z',
});

describe('toListing', () => {
  it('maps the server service to the client listing', () => {
    expect(toListing(dto)).toEqual({
      id: '665f1c2a9b1e8a0012345678',
      name: 'Glam Bridal Makeup',
      minPrice: 1500,
      maxPrice: 4500,
      location: 'Kilimani, Nairobi',
      image: '/media/b/480.webp',
      // A photo the catalog has no data saver size for yet: the card's.
      small: '/media/b/480.webp',
      whatsapp: '254712345678',
      category: 'beauty',
      subcategory: 'makeup',
      description: 'Soft glam and bridal makeup at your home or venue.',
      featured: true,
      rating: { average: null, count: 0 },
      sellerId: 'seller-1',
      // An answer from before places has none.
      place: null,
    });
    const place = { id: 'nairobi~lavington', name: 'Lavington', ward: null, subCounty: 'Dagoretti North', county: 'Nairobi' };
    expect(toListing({ ...dto, place }).place).toEqual(place);
    expect(toListing({ ...dto, rating: { average: 4.6, count: 12 } }).rating).toEqual({ average: 4.6, count: 12 });
  });

  it('carries the data saver’s photo and colour', () => {
    const saver = loose({
      ...dto,
      media: [{ type: 'image', data: '/media/b/1280.webp', thumbnail: '/media/b/480.webp', small: '/media/b/320.webp', color: '#a1b2c3' }],
    });
    expect(toListing(saver)).toMatchObject({ image: '/media/b/480.webp', small: '/media/b/320.webp', color: '#a1b2c3' });
    expect(toListingDetail(saver).photos[0]).toMatchObject({ small: '/media/b/320.webp', color: '#a1b2c3' });
    const none = toListing(loose({ ...dto, media: [] }));
    expect([none.small, none.color]).toEqual([undefined, undefined]);
  });

  it('removes only a leading plus from the phone number', () => {
    expect(toListing({ ...dto, phoneNumber: '0712 345 678' }).whatsapp).toBe('0712 345 678');
    expect(toListing(loose({ ...dto, phoneNumber: null })).whatsapp).toBe('');
    expect(toListing(loose({ ...dto, phoneNumber: undefined })).whatsapp).toBe('');
  });

  it('defaults the optional fields', () => {
    const listing = toListing(loose({ ...dto, featured: undefined, description: undefined, media: undefined }));
    expect(listing.featured).toBe(false);
    expect(listing.description).toBe('');
    expect(listing.image).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('listingImage', () => {
  it('uses the first image item: its thumbnail, else its data', () => {
    expect(listingImage(dto.media)).toBe('/media/b/480.webp');
    expect(listingImage(looseMedia([{ type: 'image', data: '/media/d/1280.webp' }]))).toBe('/media/d/1280.webp');
  });

  it('falls back to the placeholder when there is no image', () => {
    expect(listingImage([])).toBe(PLACEHOLDER_IMAGE);
    expect(listingImage(null)).toBe(PLACEHOLDER_IMAGE);
    expect(listingImage(looseMedia([{ type: 'video', data: '/media/a/clip.mp4' }]))).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('toListings', () => {
  it('accepts a list or a single object', () => {
    expect(toListings([dto, { ...dto, _id: 'two' }]).map((l) => l.id)).toEqual([dto._id, 'two']);
    expect(toListings(dto).map((l) => l.id)).toEqual([dto._id]);
    expect(toListings(null)).toEqual([]);
  });
});

describe('listingPhotos', () => {
  it('keeps every image at full size with its thumbnail and size, defaulting to a 4:3 box', () => {
    expect(listingPhotos(dto.media)).toEqual([
      { src: '/media/b/1280.webp', thumbnail: '/media/b/480.webp', width: 1280, height: 960 },
      { src: '/media/c/1280.webp', thumbnail: '/media/c/480.webp', width: 1280, height: 960 },
    ]);
    expect(listingPhotos(looseMedia([{ type: 'image', data: '/media/d/1280.webp', width: 960, height: 720 }]))).toEqual([
      { src: '/media/d/1280.webp', thumbnail: '/media/d/1280.webp', width: 960, height: 720 },
    ]);
    expect(listingPhotos(null)).toEqual([]);
  });
});

describe('toListingDetail', () => {
  it('adds the photos and the phone number as given to the listing', () => {
    const detail = toListingDetail({ ...dto, phoneNumber: ' +254712345678 ' });
    expect(detail.id).toBe(dto._id);
    expect(detail.whatsapp).toBe('254712345678');
    expect(detail.phoneNumber).toBe('+254712345678');
    expect(detail.photos).toHaveLength(2);
    expect(toListingDetail(loose({ ...dto, phoneNumber: null })).phoneNumber).toBe('');
  });

  it('carries how far the provider travels, and 0 from an answer without it', () => {
    expect(toListingDetail({ ...dto, servesRadiusKm: 10 }).servesRadiusKm).toBe(10);
    expect(toListingDetail(dto).servesRadiusKm).toBe(0);
  });

  it('carries the directions the provider gave, and none from an answer without them', () => {
    expect(toListingDetail({ ...dto, directions: 'Upstairs above Naivas' }).directions).toBe('Upstairs above Naivas');
    expect(toListingDetail(loose({ ...dto, directions: undefined })).directions).toBe('');
  });

  it('carries the service menu in its order, and none from an answer without one', () => {
    const options = [
      { id: 'o-2', name: 'Knotless, waist length', priceKsh: 6000, durationMinutes: 360 },
      { id: 'o-1', name: 'Wash and blow-dry', priceKsh: 500, durationMinutes: 30 },
    ];
    expect(toListingDetail({ ...dto, options }).options).toEqual(options);
    expect(toListingDetail(loose({ ...dto, options: undefined })).options).toEqual([]);
  });
});
