// My Account, sellers: "Team": the people who serve the provider's customers, one customer
// at a time each. The list (photo, name, phone, the services they do, their hours, whether they take
// bookings), a form to add or edit one, pause and resume, and remove. A change that leaves upcoming
// bookings without their member asks the seller what becomes of them first (upcoming-bookings.tsx).
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { apiErrorCode, apiErrorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { formatTimeRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useRequest } from '@/lib/use-request';
import { WEEK } from '@/lib/week';
import type { TeamMember, TeamRemoval, Week } from '@/types/api';
import { memberInput, removeTeamMember, saveTeamMember, type Team as TeamState, type UpcomingBookings } from '../api/team';
import { TeamMemberForm, type TeamListing } from './team-member-form';
import { useUpcomingBookings } from './upcoming-bookings';
import '@/components/ui/status-badge.css';
import './record-card.css';
import './team.css';

export const TEAM_FAILED = t('Failed to load your team. Please try again.');
export const MEMBER_CHANGE_FAILED = t('Failed to change the team member. Please try again.');

interface TeamProps {
  team: TeamState;
  /** The seller's listings, whose names the form offers as the services a member does. */
  loadListings: (signal: AbortSignal) => Promise<readonly TeamListing[]>;
  /** Upcoming bookings were moved or cancelled by a change of the team. */
  onBookingsChanged: () => void;
}

/** What became of a member's upcoming bookings, said after the change. */
function handedOver(upcoming: UpcomingBookings | undefined, removal?: TeamRemoval): string {
  if (removal) {
    const moved =
      removal.moved === 0 ? '' : removal.moved === 1 ? t('1 booking was moved.') : t('{count} bookings were moved.', { count: removal.moved });
    const cancelled =
      removal.cancelled === 0
        ? ''
        : removal.cancelled === 1
          ? t('1 booking was cancelled, and its customer told.')
          : t('{count} bookings were cancelled, and each customer told.', { count: removal.cancelled });
    return [moved, cancelled].filter(Boolean).join(' ');
  }
  if (!upcoming) return '';
  return upcoming.then === 'move' ? t('Their upcoming bookings were moved.') : t('Their upcoming bookings were cancelled, and each customer told.');
}

/**
 * The seller's listings no active member does, once both are known: booking-svc refuses their bookings
 * while the provider has a team (the day says nobody on the team takes them). None without an active member.
 */
function unservedListings(members: readonly TeamMember[], listings: readonly TeamListing[] | null): TeamListing[] {
  const active = members.filter((member) => member.active);
  if (!listings || active.length === 0) return [];
  return listings.filter((listing) => !active.some((member) => member.listingIds.includes(listing.id)));
}

/** Says which listings customers cannot book until a member does them, or null when every one is served. */
function unservedNotice(unserved: readonly TeamListing[]): string | null {
  if (unserved.length === 0) return null;
  if (unserved.length === 1) {
    return t('No one on your team does {name}: customers cannot book it until someone does.', { name: unserved[0]!.name });
  }
  return t('No one on your team does {names}: customers cannot book them until someone does.', {
    names: unserved.map((listing) => listing.name).join(', '),
  });
}

const sameIntervals = (a: [string, string][] = [], b: [string, string][] = []) => a.join() === b.join();

/** 'Monday–Friday 9:00 AM – 5:00 PM; Saturday 9:00 AM – 2:00 PM': days in a row with the same hours together. */
function weekSummary(week: Week): string {
  const parts: string[] = [];
  for (let i = 0; i < WEEK.length; ) {
    const [day, name] = WEEK[i]!;
    let last = i;
    while (last + 1 < WEEK.length && sameIntervals(week[WEEK[last + 1]![0]], week[day])) last += 1;
    const intervals = week[day] ?? [];
    if (intervals.length > 0) {
      const days = last > i ? `${name}–${WEEK[last]![1]}` : name;
      parts.push(`${days} ${intervals.map(([from, to]) => formatTimeRange(from, to)).join(', ')}`);
    }
    i = last + 1;
  }
  return parts.length > 0 ? parts.join('; ') : t('No hours');
}

export function Team({ team, loadListings, onBookingsChanged }: TeamProps) {
  const toast = useToast();
  const titleId = useId();
  const ids = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const listings = useRequest(loadListings, 'Failed to load the services for the team');
  const members = team.members ?? [];
  const upcoming = useUpcomingBookings(members);
  const unserved = unservedNotice(unservedListings(members, listings.status === 'success' ? listings.data : null));
  /** null, 'new', or the id of the member being edited. */
  const [editing, setEditing] = useState<string | null>(null);
  // What gets the focus after the next render (a selector inside the section), so keyboard and
  // screen-reader users stay where they were as forms open and close and rows change.
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    sectionRef.current?.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const headingOf = (member: TeamMember) => `#${CSS.escape(`${ids}-${member.id}`)}`;

  function saved(member: TeamMember, how: UpcomingBookings | undefined, isNew: boolean) {
    team.saved(member);
    setEditing(null);
    focusNext.current = headingOf(member);
    const done = isNew ? t('{name} was added to your team.', { name: member.name }) : t('{name} was saved.', { name: member.name });
    toast.success([done, handedOver(how)].filter(Boolean).join(' '));
    if (how) onBookingsChanged();
  }

  function removed(member: TeamMember, removal: TeamRemoval | null) {
    team.removed(member.id);
    focusNext.current = `#${CSS.escape(titleId)}`;
    toast.success(
      [t('{name} was removed from your team.', { name: member.name }), removal ? handedOver(undefined, removal) : ''].filter(Boolean).join(' '),
    );
    if (removal && removal.moved + removal.cancelled > 0) onBookingsChanged();
  }

  let content;
  if (team.query.status === 'loading' && !team.members) {
    content = (
      <div role="status" className="team__loading">
        <span className="visually-hidden">{t('Loading your team…')}</span>
      </div>
    );
  } else if (team.query.status === 'error' && !team.members) {
    content = (
      <div role="alert" className="team__error">
        <p>{TEAM_FAILED}</p>
        <Button variant="secondary" onClick={team.query.retry}>
          {t('Try Again')}
        </Button>
      </div>
    );
  } else {
    content = (
      <>
        {members.length === 0 && editing !== 'new' && (
          <p className="team__empty">{t('No team members yet. Add the people who serve your customers, and bookings are shared among them.')}</p>
        )}
        {members.length > 0 && (
          <ul className="plain-list team__list">
            {members.map((member) => (
              <li key={member.id}>
                {editing === member.id ? (
                  <TeamMemberForm
                    member={member}
                    listings={listings}
                    sendChange={upcoming.send}
                    onSaved={(next, how) => saved(next, how, false)}
                    onCancel={() => {
                      setEditing(null);
                      focusNext.current = `[data-member="${CSS.escape(member.id)}"] [data-action="edit"]`;
                    }}
                  />
                ) : (
                  <MemberCard
                    member={member}
                    headingId={`${ids}-${member.id}`}
                    listings={listings.status === 'success' ? listings.data : null}
                    sendChange={upcoming.send}
                    onEdit={() => setEditing(member.id)}
                    onPaused={(next, how) => {
                      team.saved(next);
                      toast.success(
                        [
                          next.active
                            ? t('{name} takes bookings again.', { name: next.name })
                            : t('{name} is paused and takes no new bookings.', { name: next.name }),
                          handedOver(how),
                        ]
                          .filter(Boolean)
                          .join(' '),
                      );
                      if (how) onBookingsChanged();
                    }}
                    onRemoved={(removal) => removed(member, removal)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        {unserved && (
          <p role="status" className="team__unserved">
            {unserved}
          </p>
        )}
        {editing === 'new' ? (
          <TeamMemberForm
            member={null}
            listings={listings}
            sendChange={upcoming.send}
            onSaved={(next) => saved(next, undefined, true)}
            onCancel={() => {
              setEditing(null);
              focusNext.current = '[data-action="add"]';
            }}
          />
        ) : (
          <Button variant="secondary" data-action="add" className="team__add" onClick={() => setEditing('new')}>
            <PlusIcon size={18} />
            {t('Add a team member')}
          </Button>
        )}
      </>
    );
  }

  return (
    <section ref={sectionRef} className="card team" aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1} className="team__title">
        {t('Team')}
      </h2>
      <p className="team__intro">
        {t('The people who serve your customers, one customer at a time each. Customers choose one of them, or anyone free.')}
      </p>
      {content}
      {upcoming.dialog}
    </section>
  );
}

interface MemberCardProps {
  member: TeamMember;
  headingId: string;
  /** null while the seller's listings load (or failed to). */
  listings: readonly TeamListing[] | null;
  sendChange: ReturnType<typeof useUpcomingBookings>['send'];
  onEdit: () => void;
  onPaused: (member: TeamMember, upcoming?: UpcomingBookings) => void;
  onRemoved: (removal: TeamRemoval | null) => void;
}

function MemberCard({ member, headingId, listings, sendChange, onEdit, onPaused, onRemoved }: MemberCardProps) {
  const toast = useToast();
  const cardRef = useRef<HTMLElement>(null);
  const questionId = useId();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<'pause' | 'remove' | null>(null);
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    cardRef.current?.querySelector<HTMLElement>(`[data-action="${focusNext.current}"]`)?.focus();
    focusNext.current = null;
  });

  const services = listings?.filter((listing) => member.listingIds.includes(listing.id)).map((listing) => listing.name) ?? [];
  const daysOff = member.daysOff ?? [];

  /** Sends the change and, whatever comes of it, puts the focus back on `action`'s button. */
  function change<Result>(action: 'pause' | 'confirm-remove', send: (how?: UpcomingBookings) => Promise<Result>, onDone: (result: Result, how?: UpcomingBookings) => void) {
    if (pending) return;
    const button = cardRef.current?.querySelector<HTMLElement>(`[data-action="${action}"]`) ?? null;
    setPending(action === 'pause' ? 'pause' : 'remove');
    const settle = () => {
      setPending(null);
      focusNext.current = action;
    };
    sendChange({
      memberId: member.id,
      send,
      onDone: (result, how) => {
        settle();
        onDone(result, how);
      },
      onFailed: (error) => {
        settle();
        toast.error(apiErrorMessage(error) ?? MEMBER_CHANGE_FAILED);
      },
      onAsked: () => setPending(null),
      returnFocus: button,
    });
  }

  function togglePause() {
    const next = { ...memberInput(member), active: !member.active };
    change('pause', (how) => saveTeamMember(member.id, next, how), (saved, how) => onPaused(saved, how));
  }

  function remove() {
    change(
      'confirm-remove',
      (how) =>
        removeTeamMember(member.id, how).catch((error: unknown) => {
          // Already gone (removed from another device): what the seller asked for is done.
          if (apiErrorCode(error) === 'not_found') return null;
          throw error;
        }),
      (removal) => onRemoved(removal),
    );
  }

  return (
    <article ref={cardRef} className="record-card" aria-labelledby={headingId} data-member={member.id}>
      <div className="record-card__top team-member__top">
        <Avatar name={member.name} photo={member.photo} />
        <h3 id={headingId} tabIndex={-1} className="record-card__title">
          {member.name}
        </h3>
        <span className={`status-badge team-member__status team-member__status--${member.active ? 'active' : 'paused'}`}>
          {member.active ? t('Takes bookings') : t('Paused')}
        </span>
      </div>
      <dl className="record-card__details">
        {member.phone && (
          <div>
            <dt>{t('Phone')}</dt>
            <dd>{member.phone}</dd>
          </div>
        )}
        {services.length > 0 && (
          <div>
            <dt>{t('Services')}</dt>
            <dd>{services.join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>{t('Hours')}</dt>
          <dd>{member.weekly ? weekSummary(member.weekly) : t('Your working hours')}</dd>
        </div>
        {daysOff.length > 0 && (
          <div>
            <dt>{t('Days off')}</dt>
            <dd>
              <ul className="plain-list">
                {daysOff.map((date) => (
                  <li key={date}>{formatLongDate(date)}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {confirming ? (
        <div className="team-member__actions" role="group" aria-labelledby={questionId}>
          <p id={questionId} className="team-member__question">
            {t('Remove {name} from your team?', { name: member.name })}
          </p>
          <Button data-action="confirm-remove" disabled={pending !== null} onClick={remove}>
            {pending === 'remove' ? t('Removing...') : t('Yes, remove')}
          </Button>
          <Button
            data-action="keep"
            variant="secondary"
            disabled={pending !== null}
            onClick={() => {
              setConfirming(false);
              focusNext.current = 'remove';
            }}
          >
            {t('Cancel')}
          </Button>
        </div>
      ) : (
        <div className="team-member__actions">
          <Button data-action="edit" variant="secondary" aria-describedby={headingId} onClick={onEdit}>
            {t('Edit')}
          </Button>
          <Button data-action="pause" variant="secondary" aria-describedby={headingId} disabled={pending !== null} onClick={togglePause}>
            {pending === 'pause' ? t('Saving...') : member.active ? t('Pause') : t('Resume')}
          </Button>
          <Button
            data-action="remove"
            variant="ghost"
            aria-describedby={headingId}
            onClick={() => {
              setConfirming(true);
              focusNext.current = 'keep';
            }}
          >
            {t('Remove')}
          </Button>
        </div>
      )}
    </article>
  );
}
