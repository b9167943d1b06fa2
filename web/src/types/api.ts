// Shapes of the gateway's JSON answers (SPEC §3 "as read from the server") and their client forms. The
// answers' shapes are generated from the gateway's OpenAPI document (api.gen.ts, `npm run api-types`):
// a field the gateway renames or drops fails the type check here, and the closed sets of values
// (statuses, account types) are the document's own enums.
import type { components } from './api.gen';

type Schema = components['schemas'];

/** A listing's photo as the API answers it. */
export type ServiceMediaDto = Schema['Media'];

/** A county, sub-county, ward or estate (GET /api/places). */
export type Place = Schema['Place'];

/** A listing's place: its ward or estate, with the areas it lies in. */
export type ListingPlace = Schema['ListingPlace'];

/** How a search reads its words: the place they name, and whether the nearest are answered. */
export type SearchScope = Schema['SearchScope'];

/** What the search box suggests while typing: listings, categories and places. */
export type Suggestions = Schema['Suggestions'];

/** A service listing exactly as GET /api/services returns it. */
export type ServiceDto = Schema['Service'];

/** One service on a listing's menu: its name, price in whole Ksh and length in minutes. */
export type ServiceOption = Schema['ServiceOption'];

/** A service listing as the client uses it (SPEC §3 "as used by the client"). */
export interface Listing {
  id: string;
  name: string;
  minPrice: number;
  maxPrice: number;
  location: string;
  /** Card-sized image URL; the placeholder image when the listing has no photo. */
  image: string;
  /** With the data saver on (lib/data-saver.ts): the photo at 320 px, and the colour that stands for it
   * until it is asked for; none when the listing has no photo. */
  small?: string;
  color?: string | null;
  /** The phone number without a leading plus; '' when the listing has none. */
  whatsapp: string;
  category: string;
  subcategory: string;
  description: string;
  featured: boolean;
  /** The stars of its verified reviews (average null while it has none). */
  rating: Rating;
  /** The provider: their page is /provider/{sellerId}; '' when an answer lacks it. */
  sellerId: string;
  /** Its ward or estate; null when neither the seller nor the location text named one. */
  place: ListingPlace | null;
  /** From the visitor's area (or the place a search names) only: the real km to the listing's place. */
  distanceKm?: number;
  /** With distanceKm: the provider travels that far, so comes to the visitor. */
  comesToYou?: boolean;
}

/** One photo of a listing at full size, for the gallery of its page; width and height reserve its space. */
export interface ListingPhoto {
  src: string;
  /** The phone-size copy of src, when there is one. */
  medium?: string;
  thumbnail: string;
  /** The data saver's size (320 px) and the photo's colour, once the catalog has made them. */
  small?: string | null;
  color?: string | null;
  width: number;
  height: number;
}

/** A listing as its own page shows it: every photo, and the phone number as the seller gave it. */
export interface ListingDetail extends Listing {
  photos: ListingPhoto[];
  /** For the tel: link; '' when the listing has none. */
  phoneNumber: string;
  /** How to find the provider once there (the floor, the door); '' when they gave none. */
  directions: string;
  /** How far the provider travels to customers, in km (0: customers come to them). */
  servesRadiusKm: number;
  /** The link preview's picture (1200 × 630 JPEG), once made. */
  ogImage?: string;
  /** Its service menu in the provider's order; empty for a listing priced as one service. */
  options: ServiceOption[];
}

/** Every error answer of the gateway; a rejected form also names the failing fields. */
export type ApiErrorBody = Schema['ApiError'];
/** The stable code of an error answer (gateway error.rs, proto status.rs `ErrorCode`). */
export type ErrorCode = ApiErrorBody['code'];

/** A seller package as GET /api/packages returns it (SPEC §3, §9); price in whole Ksh per month. */
export type Package = Schema['Package'];

export type AccountType = Schema['AccountType'];

/** The signed-in user as POST /api/login and GET /api/me return it. */
export type AccountUser = Schema['User'];

export type SubscriptionStatus = Schema['SubscriptionStatus'];

/** A seller's monthly package subscription (GET /api/me, and the answers of the package calls). */
export type Subscription = Schema['Subscription'];

/** What a package payment is for: the first month, the next month, or a higher package. */
export type PaymentPurpose = Schema['PaymentPurpose'];

export type PaymentStatus = Schema['PaymentStatus'];

/** A package payment by M-Pesa (an STK push to the seller's phone), as the payment calls return it. */
export type Payment = Schema['Payment'];

export type AppointmentStatus = Schema['AppointmentStatus'];

/** An appointment request as the booking API returns it (SPEC §3 Appointment request, and its status). */
export type Appointment = Schema['Appointment'];
/** POST /api/appointments: the request, with the menu's services chosen and the member asked for. */
export type AppointmentInput = Schema['AppointmentInput'];
/** POST /api/appointments/reschedule: a new time for a booking, and the member to move to. */
export type RescheduleInput = Schema['RescheduleInput'];

/** A listing's verified reviews: the average to one decimal (null while none) and how many. */
export type Rating = Schema['Rating'];
/** A review as shown: stars, words, the reviewer's first name and last initial, the month, the reply. */
export type Review = Schema['Review'];
/** A page of a listing's reviews, with the average and how many gave each number of stars. */
export type Reviews = Schema['Reviews'];
/** A provider's public page: name, towns, rating, working week and listings (GET /api/providers/{id}). */
export type ProviderDto = Schema['Provider'];
/** GET /api/service/{id}/provider: a listing's provider, their name and working plan. */
export type ListingProvider = Omit<Schema['ListingProvider'], 'hours'> & { hours: Partial<Record<WeekDay, [string, string][]>> };
/** A saved listing: the listing while it is shown, or only its name once gone (available false). */
export type Favourite = Schema['Favourite'];
/** GET /api/account/favourites: the signed-in user's, the latest saved first. */
export type Favourites = Schema['Favourites'];
/** What a review link (e-mailed after a booking) is for. */
export type ReviewInvite = Schema['ReviewInvite'];

/** GET /api/appointments/availability: a service's day as the booking dialog shows it (the length is read when sent). */
export type Availability = Omit<Schema['Availability'], 'durationMinutes'> & { durationMinutes?: number };

/** GET /api/appointments/calendar: which days of a month can take a booking, and why the others cannot. */
export type CalendarMonth = Schema['Calendar'];

/** GET and PUT /api/account/hours: a provider's working plan. Intervals are ['HH:MM', 'HH:MM'], Nairobi time. */
export type WorkingHours = Omit<Schema['WorkingHours'], 'weekly'> & { weekly: Week };

export type WeekDay = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** A week as plans write it: each day's intervals, ['HH:MM', 'HH:MM'] in Nairobi time (none: closed). */
export type Week = Record<WeekDay, [string, string][]>;

/** The member of the provider's team who serves a booking. */
export type BookedMember = Schema['BookedMember'];
/** A service of a listing's menu as it was booked: its name, price and length then. */
export type BookedOption = Schema['BookedOption'];

/**
 * A member of the seller's team (GET /api/account/team): `weekly` null means they work the provider's
 * own hours; a week, where both the provider's hours and theirs say so.
 */
export type TeamMember = Omit<Schema['TeamMember'], 'weekly'> & { weekly?: Week | null };
export type ReassignInput = Schema['ReassignInput'];
/** What POST and PUT /api/account/team take; `photo` left out keeps theirs (the schema writes every
 * field with a default as required). */
export type TeamMemberInput = Omit<Schema['TeamMemberInput'], 'weekly' | 'photo'> & {
  weekly: Week | null;
  photo?: string | null;
};
/** DELETE /api/account/team/{memberId}: how many upcoming bookings were moved and cancelled. */
export type TeamRemoval = Schema['TeamRemoval'];
