// Sample API answers shared by component tests.
import type { AccountUser, Appointment, Package } from '@/types/api';

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

/** A booking request for Glam Bridal Makeup on Monday 23 November 2026 at 9:30 AM, as the booking API returns it. */
export const sampleAppointment: Appointment = {
  id: 'apt-1',
  serviceId: 'svc-7',
  serviceName: 'Glam Bridal Makeup',
  name: 'Amina Wanjiru',
  email: 'amina@example.com',
  phone: '',
  date: '2026-11-23',
  time: '9:30 AM',
  message: 'Bridal trial, please.',
  status: 'requested',
  createdAt: '2026-11-20T22:31:00Z',
};
