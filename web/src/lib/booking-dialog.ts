// Opening the booking dialog (SPEC §2 Booking dialog) from any screen. This module is all the openers
// load: the dialog itself is a separate chunk that the app's booking host (app/booking-dialog-host.tsx)
// fetches on the first open, so no page's first load carries the calendar and the forms.
import type { ServiceOption, TeamMember } from '@/types/api';

/** What the visitor has entered so far, kept when the dialog closes without booking (SPEC §4). */
export interface BookingDraft {
  serviceId: string | null;
  serviceName: string | null;
  /** 'YYYY-MM-DD' in Nairobi. */
  date: string | null;
  /** A slot label, e.g. '9:30 AM'. */
  time: string | null;
  /** The services of the listing's menu chosen, in the order chosen. */
  optionIds: string[];
  /** The team member chosen; '' for anyone available. */
  memberId: string;
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** What the dialog's steps need of a listing besides its id. */
export interface BookingListing {
  /** Its service menu; empty for a listing booked as one service (no option step). */
  options: readonly ServiceOption[];
  /** The members who take its bookings; empty for a provider without a team (no stylist step). */
  team: readonly TeamMember[];
}

/** What an opener may add: its listing's page has the menu and the team, and a member chosen there. */
export interface BookingOpening {
  /** Given, the dialog does not ask for them again. */
  listing?: BookingListing;
  /** The member to start with; '' for anyone available. */
  memberId?: string;
}

/** What the host passes to the dialog it loaded. */
export interface BookingDialogProps {
  /** The service to book; null asks the visitor to pick one first. */
  serviceId: string | null;
  serviceName: string | null;
  /** What the opener of `serviceId` knew of it (its menu and team, a member chosen), if anything. */
  opening: BookingOpening | null;
  draft: BookingDraft | null;
  /** `draft` is what to restore on the next opening; null after a booking. */
  onClose: (draft: BookingDraft | null) => void;
  /** The control that opened the dialog, which gets the focus back. */
  returnFocus: HTMLElement | null;
}

export interface BookingHost {
  open: (serviceId?: string, serviceName?: string, opening?: BookingOpening) => void;
  /** Starts fetching the dialog's code (on hover or focus of an opener), so that it opens at once. */
  preload: () => void;
}

let host: BookingHost | null = null;

/**
 * An opening asked for before the host was there: the app's first render mounts it in an effect, and
 * a booking button pressed before the page was hydrated (app/before-hydration.ts) is pressed again as
 * soon as it is, which may be just before.
 */
let waiting: { serviceId?: string; serviceName?: string; opening?: BookingOpening } | null = null;

/** Called by the one booking host the app mounts; returns the unregistering function. */
export function registerBookingHost(next: BookingHost): () => void {
  host = next;
  if (waiting) {
    const { serviceId, serviceName, opening } = waiting;
    waiting = null;
    next.open(serviceId, serviceName, opening);
  }
  return () => {
    if (host === next) host = null;
  };
}

/**
 * Opens the booking dialog for `serviceId`; without one, for the service whose page is showing, else
 * it first asks which service (SPEC §2). Before the app's booking host is mounted, it opens once it is.
 * `opening` (with a `serviceId` only) is what the opener knows of that service already.
 */
export function openBooking(serviceId?: string, serviceName?: string, opening?: BookingOpening): void {
  if (!host) {
    waiting = { serviceId, serviceName, opening };
    return;
  }
  host.open(serviceId, serviceName, opening);
}

export function preloadBooking(): void {
  host?.preload();
}
