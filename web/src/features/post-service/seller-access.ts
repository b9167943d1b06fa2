// Who may open the post-service page (SPEC §4 "Post service", §6, §8): a signed-in seller with a
// package. Everyone else is sent to /signin with the spec's message.
// The router checks it before the post form's code is fetched (components/sellers-only.tsx), so it
// stays apart from the form's modules.
import { upperFirst } from '@/lib/format';
import { t } from '@/lib/i18n';
import { isSeller, type Session } from '@/lib/session';

export const accessMessages = {
  signedOut: t('Please sign in to post a service'),
  notSeller: t('Only sellers can post services'),
  invalid: t('Invalid user data'),
} as const;

export type SellerAccess =
  | { status: 'signed-out' | 'not-seller' | 'invalid' }
  | {
      status: 'seller';
      /** How many photos a listing may have (the package's photoUploads). */
      photoLimit: number;
      /** 'Basic', for the photo limit message. */
      packageName: string;
      /** The seller's own number, offered as the listing's. */
      phoneNumber: string;
      userId: string;
    };

export function sellerAccess(session: Session | null): SellerAccess {
  if (!session) return { status: 'signed-out' };
  const { user } = session;
  // The stored user is parsed without a schema (lib/session.ts): the package is checked here.
  const sellerPackage: unknown = user.sellerPackage;
  if (!isSeller(user) || sellerPackage === undefined || sellerPackage === null) return { status: 'not-seller' };
  if (typeof sellerPackage !== 'object') return { status: 'invalid' };
  const { packageId, photoUploads } = sellerPackage as Record<string, unknown>;
  if (typeof packageId !== 'string' || !packageId.trim()) return { status: 'invalid' };
  if (typeof photoUploads !== 'number' || !Number.isInteger(photoUploads) || photoUploads < 1) {
    return { status: 'invalid' };
  }
  return {
    status: 'seller',
    photoLimit: photoUploads,
    packageName: packageNameOf(packageId),
    phoneNumber: typeof user.phoneNumber === 'string' ? user.phoneNumber : '',
    userId: typeof user.id === 'string' ? user.id : '',
  };
}

/** 'basic' -> 'Basic': a package id as its name. */
export function packageNameOf(packageId: string): string {
  return upperFirst(packageId.trim());
}

/** The message shown on the way to /signin. */
export function refusalMessage(status: Exclude<SellerAccess['status'], 'seller'>): string {
  if (status === 'signed-out') return accessMessages.signedOut;
  if (status === 'invalid') return accessMessages.invalid;
  return accessMessages.notSeller;
}
