// Sample API answers shared by component tests.
import type { AccountUser, Package } from '@/types/api';

/** A seller with the Premium package, as the API describes the signed-in user. */
export const wanjiru: AccountUser = {
  id: 'u-1',
  userName: 'Wanjiru Kamau',
  email: 'wanjiru@demo.mtaani.co.ke',
  phoneNumber: '+254712345678',
  accountType: 'seller',
  sellerPackage: { packageId: 'premium', name: 'Premium', photoUploads: 3 },
};

export const samplePackages: Package[] = [
  {
    id: 'basic',
    name: 'Basic',
    price: 800,
    recommended: false,
    featured: false,
    features: ['List your services', '1 photo per listing'],
    photoUploads: 1,
    videoUploads: 0,
  },
  {
    id: 'standard',
    name: 'Standard',
    price: 1500,
    recommended: true,
    featured: false,
    features: ['List your services', '2 photos per listing'],
    photoUploads: 2,
    videoUploads: 0,
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 2500,
    recommended: false,
    featured: true,
    features: ['List your services', '3 photos per listing', 'Featured listing'],
    photoUploads: 3,
    videoUploads: 0,
  },
];
