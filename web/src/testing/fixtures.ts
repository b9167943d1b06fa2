// Sample API answers shared by component tests.
import type { AccountUser, Appointment, Package, Payment, Subscription, TeamMember } from '@/types/api';

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
  durationMinutes: 60,
  endTime: '10:30 AM',
  canChange: true,
  providerWhatsapp: '',
  options: [],
};

/** Wanjiru's Premium package, paid until Saturday 19 December 2026 in Nairobi (18 December 22:30 UTC). */
export const sampleSubscription: Subscription = {
  packageId: 'premium',
  packageName: 'Premium',
  price: 2500,
  status: 'active',
  paidUntil: '2026-12-18T22:30:00Z',
  pendingPackageId: null,
  pendingPayment: null,
};

/** A demo M-Pesa request for the first month of Standard, waiting for the PIN, as the public call shows it. */
export const samplePayment: Payment = {
  id: 'pay-1',
  purpose: 'registration',
  packageId: 'standard',
  packageName: 'Standard',
  amount: 1500,
  phoneNumber: '+254 7•• ••• 678',
  status: 'pending',
  mpesaReceipt: '',
  resultCode: null,
  message: '',
  createdAt: '2026-11-20T09:00:00Z',
  completedAt: null,
  simulated: true,
};

/** `payment` paid: its M-Pesa receipt and result code 0. */
export function paid(payment: Payment, mpesaReceipt = 'NLJ7RT61SV'): Payment {
  return {
    ...payment,
    status: 'succeeded',
    mpesaReceipt,
    resultCode: 0,
    message: 'Payment received.',
    completedAt: '2026-11-20T09:00:30Z',
  };
}

/** `payment` cancelled on the phone (M-Pesa result code 1032). */
export function cancelled(payment: Payment): Payment {
  return {
    ...payment,
    status: 'failed',
    resultCode: 1032,
    message: 'You cancelled the payment on your phone. Try again when you are ready.',
    completedAt: '2026-11-20T09:00:20Z',
  };
}

const workday: [string, string][] = [['09:00', '17:00']];

/**
 * A salon's team: Akinyi works the provider's hours, does both listings and has a photo;
 * Baraka has a week of his own, does the braids only and no photo; Chebet is paused.
 */
export const akinyi: TeamMember = {
  id: 'm-1',
  name: 'Akinyi',
  phone: '+254712000111',
  photo: '/media/team/01/akinyi-192.webp',
  listingIds: ['svc-7', 'svc-8'],
  weekly: null,
  daysOff: [],
  active: true,
};
export const baraka: TeamMember = {
  id: 'm-2',
  name: 'Baraka',
  phone: '',
  photo: null,
  listingIds: ['svc-8'],
  weekly: { mon: workday, tue: workday, wed: workday, thu: workday, fri: workday, sat: [['09:00', '14:00']], sun: [] },
  daysOff: ['2026-12-24'],
  active: true,
};
export const chebet: TeamMember = {
  id: 'm-3',
  name: 'Chebet',
  phone: '',
  photo: null,
  listingIds: ['svc-7'],
  weekly: null,
  daysOff: [],
  active: false,
};

/** A salon's team as GET /api/service/{id}/team answers it: who takes that listing's bookings. */
export const sampleTeam: TeamMember[] = [
  { id: 'm-1', name: 'Akinyi Otieno', photo: '/media/team/01/akinyi-otieno-192.webp', listingIds: ['svc-7'], active: true },
  { id: 'm-2', name: 'Wanjiku', photo: null, listingIds: ['svc-7'], active: true },
];
