// A listing's team on its page: "Choose a stylist", anyone available or one of the members
// who take its bookings, each opening the booking dialog with that choice made (the dialog still lets
// the visitor change it). Each with their photo, or their initials when they have none (Avatar).
import { useId } from 'react';
import { MemberLabel } from '@/components/ui/avatar';
import { openBooking, preloadBooking, type BookingListing } from '@/lib/booking-dialog';
import { t } from '@/lib/i18n';

interface ServiceTeamProps {
  serviceId: string;
  serviceName: string;
  /** The listing's menu and its team (not empty), handed to the dialog so it asks for neither. */
  listing: BookingListing;
}

export function ServiceTeam({ serviceId, serviceName, listing }: ServiceTeamProps) {
  const titleId = useId();
  const choices = [{ id: '', name: null, photo: null }, ...listing.team];
  return (
    <section className="service-team" aria-labelledby={titleId}>
      <h2 id={titleId} className="service-team__title">
        {t('Choose a stylist')}
      </h2>
      <ul className="service-team__list" role="list">
        {choices.map((member) => (
          <li key={member.id}>
            <button
              type="button"
              className="service-team__member"
              aria-haspopup="dialog"
              // The dialog's code starts loading as soon as the visitor points at or tabs to one.
              onPointerEnter={preloadBooking}
              onFocus={preloadBooking}
              onClick={() => openBooking(serviceId, serviceName, { listing, memberId: member.id })}
            >
              <MemberLabel name={member.name} photo={member.photo} size="lg" className="service-team__name" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
