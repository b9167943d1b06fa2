// A button that opens the booking dialog: the home banner's, the header's 'Book' and the service page's.
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/icons';
import { openBooking, preloadBooking, type BookingOpening } from '@/lib/booking-dialog';

interface BookingButtonProps {
  /** The service to book; without one the dialog uses the service page's, else asks (SPEC §2). */
  serviceId?: string;
  serviceName?: string;
  /** What the opener knows of the service already (its page: the menu and the team). */
  opening?: BookingOpening;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  block?: boolean;
  className?: string;
  iconSize?: number;
  /** Runs before the dialog opens, e.g. closing the menu drawer the button is in. */
  onBeforeOpen?: () => void;
}

export function BookingButton({
  serviceId,
  serviceName,
  opening,
  children,
  iconSize = 20,
  onBeforeOpen,
  ...style
}: BookingButtonProps) {
  return (
    <Button
      {...style}
      aria-haspopup="dialog"
      // The dialog's code starts loading as soon as the visitor points at or tabs to the button.
      onPointerEnter={preloadBooking}
      onFocus={preloadBooking}
      onClick={() => {
        onBeforeOpen?.();
        openBooking(serviceId, serviceName, opening);
      }}
    >
      <CalendarIcon size={iconSize} />
      {children}
    </Button>
  );
}
