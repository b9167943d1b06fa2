import { describe, expect, it } from 'vitest';
import type { Session } from '@/lib/session';
import { photoLimitMessage, pickPhotos, unsupportedImageMessage } from './photos';
import { packageNameOf, sellerAccess } from './seller-access';
import { parsePrice, splitServerErrors } from './validation';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('photos', () => {
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
