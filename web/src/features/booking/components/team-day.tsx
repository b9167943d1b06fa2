// My Account, sellers with a team: "Team day": a day's bookings per member (today in
// Nairobi first), each in time order with its customer, services, total and status, and the bookings
// nobody serves yet; any upcoming one can be given to another member. Columns side by side on a wide
// screen, one section under another on a phone.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api-client';
import { addDays, formatLongDate, nairobiNow } from '@/lib/dates';
import { formatTimeRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Appointment, TeamMember } from '@/types/api';
import { useSellerAppointments } from '../api/get-seller-appointments';
import { reassignAppointment } from '../api/reassign-appointment';
import { dayColumns, type DayColumn } from '../team-day';
import { BookedServices } from './booked-services';
import { BookingStatus, sellerStatusLabels } from './booking-status';
import './team-day.css';

export const DAY_FAILED = t('Failed to load the bookings. Please try again.');
export const MOVE_FAILED = t('Failed to move the booking. Please try again.');

interface TeamDayProps {
  members: readonly TeamMember[];
  /** A new value loads the bookings again (changed in another section). */
  refreshKey: number;
  /** A booking was given to another member here. */
  onBookingsChanged: () => void;
}

export function TeamDay({ members, refreshKey, onBookingsChanged }: TeamDayProps) {
  const titleId = useId();
  const ids = useId();
  const dateId = useId();
  const today = nairobiNow().date;
  const [date, setDate] = useState(today);
  const query = useSellerAppointments(refreshKey);
  const sectionRef = useRef<HTMLElement>(null);
  // The moved booking's heading, in its new column, after the render that moves it.
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    sectionRef.current?.querySelector<HTMLElement>(`#${CSS.escape(focusNext.current)}`)?.focus();
    focusNext.current = null;
  });

  const headingId = (appointment: Appointment) => `${ids}-${appointment.id}`;

  let content;
  if (query.status === 'loading') {
    content = (
      <div role="status" className="team-day__loading">
        <span className="visually-hidden">{t('Loading your bookings…')}</span>
      </div>
    );
  } else if (query.status === 'error') {
    content = (
      <div role="alert" className="team-day__error">
        <p>{DAY_FAILED}</p>
        <Button variant="secondary" onClick={query.retry}>
          {t('Try Again')}
        </Button>
      </div>
    );
  } else {
    const columns = dayColumns(query.appointments ?? [], members, date);
    content = (
      <div className="team-day__columns" role="group" aria-label={t('Bookings per member')} tabIndex={0}>
        {columns.map((column) => (
          <MemberColumn
            key={column.member?.id ?? ''}
            column={column}
            headingId={headingId}
            // A day gone by is history: its bookings stay where they were.
            movable={date >= today}
            members={members}
            onMoved={(next) => {
              query.updated(next);
              focusNext.current = headingId(next);
              onBookingsChanged();
            }}
          />
        ))}
      </div>
    );
  }

  return (
    <section ref={sectionRef} className="card team-day" aria-labelledby={titleId}>
      <h2 id={titleId} className="team-day__title">
        {t('Team day')}
      </h2>
      <p className="team-day__intro">{t('Who serves whom on a day: the bookings waiting for your reply and the confirmed ones.')}</p>
      <div className="team-day__picker">
        <div className="team-day__date-field">
          <label htmlFor={dateId} className="field__label">
            {t('Day')}
          </label>
          <input
            id={dateId}
            type="date"
            className="field__input"
            value={date}
            onChange={(event) => {
              if (event.target.value) setDate(event.target.value);
            }}
          />
        </div>
        <Button variant="secondary" onClick={() => setDate((d) => addDays(d, -1))}>
          {t('Previous day')}
        </Button>
        <Button variant="secondary" onClick={() => setDate((d) => addDays(d, 1))}>
          {t('Next day')}
        </Button>
        {date !== today && (
          <Button variant="ghost" onClick={() => setDate(today)}>
            {t('Today')}
          </Button>
        )}
      </div>
      <p className="team-day__shown" aria-live="polite">
        {formatLongDate(date)}
      </p>
      {content}
    </section>
  );
}

interface MemberColumnProps {
  column: DayColumn;
  headingId: (appointment: Appointment) => string;
  movable: boolean;
  members: readonly TeamMember[];
  onMoved: (next: Appointment) => void;
}

function MemberColumn({ column, headingId, movable, members, onMoved }: MemberColumnProps) {
  const titleId = useId();
  const count = column.bookings.length;
  return (
    <section className="team-day__column" aria-labelledby={titleId}>
      <div className="team-day__head">
        {column.member && <Avatar name={column.member.name} photo={column.member.photo} />}
        <h3 id={titleId} className="team-day__member">
          {column.member ? column.member.name : t('Not assigned')}
          {column.standing === 'paused' && <span className="team-day__standing"> · {t('Paused')}</span>}
          {column.standing === 'gone' && <span className="team-day__standing"> · {t('No longer in your team')}</span>}
        </h3>
      </div>
      <p className="team-day__count">
        {count === 0 ? t('No bookings') : count === 1 ? t('1 booking') : t('{count} bookings', { count })}
      </p>
      {count > 0 && (
        <ol className="plain-list team-day__bookings">
          {column.bookings.map((appointment) => (
            <li key={appointment.id}>
              <DayBooking
                appointment={appointment}
                headingId={headingId(appointment)}
                // Who else could serve it: the others taking bookings who do its service.
                candidates={
                  movable
                    ? members.filter(
                        (m) => m.active && m.id !== appointment.member?.id && m.listingIds.includes(appointment.serviceId),
                      )
                    : null
                }
                onMoved={onMoved}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const MOVE_WORDS = { toggle: t('Move to another member'), label: t('Move to'), submit: t('Move'), busy: t('Moving...') };
const ASSIGN_WORDS = { toggle: t('Assign to a member'), label: t('Assign to'), submit: t('Assign'), busy: t('Assigning...') };

interface DayBookingProps {
  appointment: Appointment;
  headingId: string;
  /** null: not to be moved (a day gone by). */
  candidates: TeamMember[] | null;
  onMoved: (next: Appointment) => void;
}

function DayBooking({ appointment, headingId, candidates, onMoved }: DayBookingProps) {
  const toast = useToast();
  const panelId = useId();
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [memberId, setMemberId] = useState('');
  const [moving, setMoving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = candidates?.find((m) => m.id === memberId) ?? candidates?.[0];
  // A booking made before the team began has nobody yet: it is assigned to a member, not moved.
  const words = appointment.member ? MOVE_WORDS : ASSIGN_WORDS;

  function move(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (moving || !chosen) return;
    setMoving(true);
    setFailure(null);
    reassignAppointment(appointment.id, chosen.id).then(
      (next) => {
        setMoving(false);
        setOpen(false);
        toast.success(t('{customer}’s booking now goes to {member}.', { customer: appointment.name, member: chosen.name }));
        onMoved(next);
      },
      (error: unknown) => {
        // member_taken (not free then) and the others: the server's reason, nothing changed.
        setMoving(false);
        setFailure(apiErrorMessage(error) ?? MOVE_FAILED);
      },
    );
  }

  return (
    <article className="day-booking" aria-labelledby={headingId}>
      <div className="day-booking__top">
        <h4 id={headingId} tabIndex={-1} className="day-booking__time">
          {formatTimeRange(appointment.time, appointment.endTime)}
        </h4>
        <BookingStatus status={appointment.status} labels={sellerStatusLabels} />
      </div>
      <p className="day-booking__customer">{appointment.name}</p>
      <p className="day-booking__service">{appointment.serviceName}</p>
      <BookedServices appointment={appointment} />
      {candidates && (
        <>
          <button
            type="button"
            className="day-booking__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-describedby={headingId}
            onClick={() => {
              setOpen((value) => !value);
              setFailure(null);
            }}
          >
            {words.toggle}
          </button>
          <div id={panelId} hidden={!open} className="day-booking__move">
            {candidates.length === 0 ? (
              <p className="day-booking__none">{t('No other member of your team who takes bookings does this service.')}</p>
            ) : (
              <form className="day-booking__form" noValidate onSubmit={move}>
                <div className="field">
                  <label htmlFor={selectId} className="field__label">
                    {words.label}
                  </label>
                  <select
                    id={selectId}
                    className="field__input"
                    value={chosen?.id ?? ''}
                    onChange={(event) => setMemberId(event.target.value)}
                  >
                    {candidates.map((member) => (
                      <option key={member.id} value={member.id}>
                        {member.name}
                      </option>
                    ))}
                  </select>
                </div>
                <Button type="submit" disabled={moving}>
                  {moving ? words.busy : words.submit}
                </Button>
                {failure && <FormAlert>{failure}</FormAlert>}
              </form>
            )}
          </div>
        </>
      )}
    </article>
  );
}
