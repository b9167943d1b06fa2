// Shapes of the gateway's JSON answers (SPEC §3 "as read from the server") and their client forms.

export interface ServiceMediaDto {
  type: string;
  data: string;
  /** The photo 720 px on the long edge (phones); absent for small and older photos. */
  medium?: string;
  thumbnail?: string;
  width?: number;
  height?: number;
}

/** A service listing exactly as GET /api/services returns it. */
export interface ServiceDto {
  _id: string;
  name: string;
  minPrice: number;
  maxPrice: number;
  location: string;
  phoneNumber?: string | null;
  category: string;
  subcategory: string;
  description?: string;
  media?: ServiceMediaDto[] | null;
  featured?: boolean;
  sellerId?: string;
  createdAt?: string;
  /** How long one booking takes, in minutes (30 to 240). */
  durationMinutes?: number;
  /** Only on a listing Mtaani's team took down (the seller's own list): why. */
  hiddenReason?: string;
}

/** A service listing as the client uses it (SPEC §3 "as used by the client"). */
export interface Listing {
  id: string;
  name: string;
  minPrice: number;
  maxPrice: number;
  location: string;
  /** Card-sized image URL; the placeholder image when the listing has no photo. */
  image: string;
  /** The phone number without a leading plus; '' when the listing has none. */
  whatsapp: string;
  category: string;
  subcategory: string;
  description: string;
  featured: boolean;
}

/** One photo of a listing at full size, for the gallery of its page; width and height reserve its space. */
export interface ListingPhoto {
  src: string;
  /** The phone-size copy of src, when there is one. */
  medium?: string;
  thumbnail: string;
  width: number;
  height: number;
}

/** A listing as its own page shows it: every photo, and the phone number as the seller gave it. */
export interface ListingDetail extends Listing {
  photos: ListingPhoto[];
  /** For the tel: link; '' when the listing has none. */
  phoneNumber: string;
}

/** Every error answer of the gateway; a rejected form also names the failing fields. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** A seller package as GET /api/packages returns it (SPEC §3, §9); price in whole Ksh per month. */
export interface Package {
  id: string;
  name: string;
  price: number;
  recommended: boolean;
  featured: boolean;
  features: string[];
  photoUploads: number;
  videoUploads: number;
}

export type AccountType = 'buyer' | 'seller' | 'admin';

/** The signed-in user as POST /api/login and GET /api/me return it. */
export interface AccountUser {
  id: string;
  userName: string;
  email: string;
  phoneNumber: string;
  accountType: AccountType;
  sellerPackage?: { packageId: string; name: string; photoUploads: number };
}

export type SubscriptionStatus = 'pending_payment' | 'active' | 'grace' | 'expired';

/** A seller's monthly package subscription (GET /api/me, and the answers of the package calls). */
export interface Subscription {
  packageId: string;
  packageName: string;
  price: number;
  status: SubscriptionStatus;
  /** ISO instant; null until the first payment. */
  paidUntil: string | null;
  /** A lower package the seller switches to at the next renewal; null when none is scheduled. */
  pendingPackageId: string | null;
  /** A payment waiting for the seller's M-Pesa PIN, if any. */
  pendingPayment: Payment | null;
}

/** What a package payment is for: the first month, the next month, or a higher package. */
export type PaymentPurpose = 'registration' | 'renewal' | 'upgrade';

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

/** A package payment by M-Pesa (an STK push to the seller's phone), as the payment calls return it. */
export interface Payment {
  id: string;
  purpose: PaymentPurpose;
  packageId: string;
  packageName: string;
  /** Whole Ksh. */
  amount: number;
  /** Masked ('+254 7•• ••• 678') on the public GET /api/payments/{id}; whole on the seller's own calls. */
  phoneNumber: string;
  status: PaymentStatus;
  /** M-Pesa's receipt number, e.g. 'NLJ7RT61SV'; '' until paid. */
  mpesaReceipt: string;
  /** M-Pesa's result code; null while pending. */
  resultCode: number | null;
  /** What happened, in the seller's words (shown for a failure). */
  message: string;
  /** ISO instants. */
  createdAt: string;
  completedAt: string | null;
  /** A demo payment of the simulated provider: no money moves. */
  simulated: boolean;
}

export type AppointmentStatus = 'requested' | 'confirmed' | 'declined' | 'cancelled';

/** An appointment request as the booking API returns it (SPEC §3 Appointment request, and its status). */
export interface Appointment {
  id: string;
  serviceId: string;
  serviceName: string;
  name: string;
  email: string;
  /** '' when the customer gave none. */
  phone: string;
  /** 'YYYY-MM-DD', the day in Nairobi. */
  date: string;
  /** A slot label, e.g. '9:30 AM' (SPEC §9). */
  time: string;
  message: string;
  status: AppointmentStatus;
  /** ISO instant. */
  createdAt: string;
  /** How long it takes, and the label of its end, e.g. '12:30 PM'. */
  durationMinutes?: number;
  endTime?: string;
  /** On the customer's views: whether the link may still change or cancel it, and until when (ISO). */
  canChange?: boolean;
  changeDeadline?: string;
  /** The provider's WhatsApp number, digits only; '' when none. */
  providerWhatsapp?: string;
  /** GET /api/account/bookings: the token of the booking's "Change or cancel" page. */
  manageToken?: string;
}

/** GET /api/appointments/availability: a service's day as the booking dialog shows it. */
export interface Availability {
  date: string;
  /** The starts that can be booked, in order. */
  slots: string[];
  /** Starts inside the provider's working hours that are full. */
  taken: string[];
  /** Starts already gone, or inside the provider's notice. */
  past: string[];
  /** The provider takes no booking that day. */
  closed: boolean;
  /** Why nothing can be booked that day, when so. */
  reason?: string;
  /** The next day with a bookable start, when this one has none. */
  nextOpenDate?: string | null;
  durationMinutes?: number;
}

/** GET /api/appointments/calendar: which days of a month can take a booking, and why the others cannot. */
export interface CalendarMonth {
  month: string;
  days: { date: string; bookable: boolean; reason?: string }[];
  nextOpenDate?: string | null;
}

/** GET and PUT /api/account/hours: a provider's working plan. Intervals are ['HH:MM', 'HH:MM'], Nairobi time. */
export interface WorkingHours {
  weekly: Record<WeekDay, [string, string][]>;
  daysOff: string[];
  minNoticeMinutes: number;
  horizonDays: number;
  capacity: number;
  changeNoticeMinutes: number;
}

export type WeekDay = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
