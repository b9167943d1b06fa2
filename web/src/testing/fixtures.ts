// Sample API answers shared by component tests.
import type { Package } from '@/types/api';

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
