import { describe, expect, it, vi } from 'vitest';
import type { Session } from '@/lib/session';
import {
  fitWithin,
  isSupportedImage,
  photoDataUrl,
  photoLimitMessage,
  pickPhotos,
  unsupportedImageMessage,
} from './photos';
import { packageNameOf, sellerAccess } from './seller-access';
import { parsePrice, splitServerErrors } from './validation';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('photos', () => {
  it('accepts JPEG, PNG and WebP, by type or else by name', () => {
    expect(isSupportedImage(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isSupportedImage(file('a.png', 'image/png'))).toBe(true);
    expect(isSupportedImage(file('a.webp', 'image/webp'))).toBe(true);
    expect(isSupportedImage(file('a.JPEG', ''))).toBe(true);
    expect(isSupportedImage(file('a.gif', 'image/gif'))).toBe(false);
    expect(isSupportedImage(file('a.heic', ''))).toBe(false);
    expect(isSupportedImage(file('a.png', 'application/pdf'))).toBe(false);
  });

  it("words SPEC §8's messages", () => {
    expect(unsupportedImageMessage('cv.pdf')).toBe('File cv.pdf is not a supported image format.');
    expect(photoLimitMessage(packageNameOf('basic'), 1)).toBe('Your Basic package allows only 1 photo(s).');
    expect(packageNameOf(' premium ')).toBe('Premium');
  });

  it('takes the photos that fit and names the rest', () => {
    const picked = [file('a.png', 'image/png'), file('b.txt', 'text/plain'), file('c.png', 'image/png'), file('d.png', 'image/png')];
    const { accepted, problems } = pickPhotos(picked, { current: 1, limit: 3, packageName: 'Premium' });
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'c.png']);
    expect(problems).toEqual([
      'File b.txt is not a supported image format.',
      'Your Premium package allows only 3 photo(s).',
    ]);
    expect(pickPhotos([file('a.png', 'image/png')], { current: 0, limit: 1, packageName: 'Basic' })).toEqual({
      accepted: [expect.any(File)],
      problems: [],
    });
  });

  it('fits large photos within the longest side, never enlarging small ones', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  it('sends a small photo as it is, as a data URL', async () => {
    await expect(photoDataUrl(new File(['hi'], 'a.png', { type: 'image/png' }))).resolves.toBe('data:image/png;base64,aGk=');
  });

  it('sends a large photo as it is when this browser cannot redraw it', async () => {
    // jsdom has no createImageBitmap: the server re-encodes the original instead.
    const large = new File([new Uint8Array(2 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(photoDataUrl(large)).resolves.toMatch(/^data:image\/jpeg;base64,/);
    expect(warn).toHaveBeenCalled();
  });
});

describe('the form rules', () => {
  it('reads prices as typed, in whole shillings', () => {
    expect(parsePrice('1500')).toBe(1500);
    expect(parsePrice(' 1,500 ')).toBe(1500);
    expect(parsePrice('1 500')).toBe(1500);
    expect(parsePrice('99.6')).toBe(100);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('Ksh 100')).toBeNull();
    expect(parsePrice('-200')).toBeNull();
  });

  it("puts the server's messages under this form's field names", () => {
    expect(
      splitServerErrors({ name: 'Too long', images: 'Bad photo', minPrice: 'Too low', sellerId: 'Who?' }),
    ).toEqual({
      fields: { serviceName: 'Too long', photos: 'Bad photo', minPrice: 'Too low' },
      menu: { rows: [] },
      others: ['Who?'],
    });
  });
});

describe('sellerAccess', () => {
  // Stored users are parsed without a schema, so anything may come back.
  const session = (user: Record<string, unknown>) =>
    ({ token: 't', user: { userName: 'A', accountType: 'seller', ...user } }) as unknown as Session;

  it('lets in a seller with a package, with its limit and name', () => {
    expect(sellerAccess(session({ id: 'u', sellerPackage: { packageId: 'standard', photoUploads: 2 } }))).toEqual({
      status: 'seller',
      photoLimit: 2,
      packageName: 'Standard',
      phoneNumber: '',
      userId: 'u',
    });
  });

  it('refuses everyone else', () => {
    expect(sellerAccess(null).status).toBe('signed-out');
    expect(sellerAccess(session({ accountType: 'buyer' })).status).toBe('not-seller');
    expect(sellerAccess(session({})).status).toBe('not-seller');
    expect(sellerAccess(session({ sellerPackage: 'basic' })).status).toBe('invalid');
    expect(sellerAccess(session({ sellerPackage: { packageId: 'basic' } })).status).toBe('invalid');
    expect(sellerAccess(session({ sellerPackage: { packageId: '', photoUploads: 1 } })).status).toBe('invalid');
  });
});
