// The booking dialog (SPEC §2 Booking dialog, §4, §5, §8): which service (when it was opened without
// one), then the Appointment tab — the services of the listing's menu and the team member (each
// when the listing has them), a date, then a time slot — and SPEC's Enquiry tab, named "Your details"
// (name, e-mail and an optional message: it books, it does not only ask); then what was booked
// (booking-done.tsx). Loaded on the first open by app/booking-dialog-host.tsx.
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { CloseIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import type { BookingDialogProps, BookingDraft, BookingListing } from '@/lib/booking-dialog';
import { t } from '@/lib/i18n';
import { useOffline } from '@/lib/online';
import { useForm, type Form } from '@/lib/use-form';
import { useModal } from '@/lib/use-modal';
import type { Appointment, Listing } from '@/types/api';
import { useAvailability, type BookingChoice } from '../api/get-availability';
import { useBookingListing } from '../api/get-booking-listing';
import { nairobiNow } from '@/lib/dates';
import { chosenServices } from '../menu';
import { enquirySchema, type EnquiryValues } from '../validation';
import { DayAndTimes } from './day-and-times';
import { EnquiryForm } from './enquiry-form';
import { MemberStep } from './member-step';
import { OptionsStep } from './options-step';
import { BookingDone } from './booking-done';
import { ServicePicker } from './service-picker';
import '@/components/ui/icon-button.css';
import './booking-dialog.css';

export const TITLE = t('Book an Appointment');
export const SUBTITLE = t('Schedule an appointment or make an enquiry with our service provider');
/** Opened without a connection: the free times and the booking need one. */
export const OFFLINE_NOTICE = t(
  'You are offline. Booking needs a connection: you can see the free times and book once you are back online.',
);

export const CHOICES_FAILED = t('Could not load the services of this listing. Please try again.');

type BookingTab = 'appointment' | 'enquiry';

/** Marks the history step the open dialog adds (the same address), which Back takes away. */
const DIALOG_STEP = 'bookingDialog';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

interface ChosenService {
  id: string;
  name: string | null;
  /** Chosen in the dialog (not given by the page), so the visitor may choose another. */
  changeable: boolean;
}

interface Start {
  service: ChosenService | null;
  date: string | null;
  time: string | null;
  optionIds: string[];
  memberId: string;
}

/**
 * Where the dialog starts: the given service, else the one of an unfinished booking if it is known by
 * name (else the service step); that booking's services and member for the same service, its date
 * and time too on a day that has not passed — but not its time when the opener chose another member
 * (the listing's "Choose a stylist"), who may not be free then.
 */
function startFrom(
  serviceId: string | null,
  serviceName: string | null,
  memberId: string | null,
  draft: BookingDraft | null,
  today: string,
): Start {
  let service: ChosenService | null = null;
  if (serviceId) {
    service = { id: serviceId, name: serviceName ?? (draft?.serviceId === serviceId ? draft.serviceName : null), changeable: false };
  } else if (draft?.serviceId && draft.serviceName) {
    service = { id: draft.serviceId, name: draft.serviceName, changeable: true };
  }
  const same = service && draft?.serviceId === service.id ? draft : null;
  const member = memberId ?? same?.memberId ?? '';
  const start = { service, optionIds: same?.optionIds ?? [], memberId: member, date: null, time: null };
  if (!same?.date || same.date < today) return start;
  return { ...start, date: same.date, time: member === same.memberId ? same.time : null };
}

export function BookingDialog({ serviceId, serviceName, opening, draft, onClose, returnFocus }: BookingDialogProps) {
  const titleId = useId();
  const subtitleId = useId();
  const offlineId = useId();
  const offline = useOffline();
  const panelRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const returnFocusRef = useRef(returnFocus);
  const [today] = useState(() => nairobiNow().date);
  const [start] = useState(() => startFrom(serviceId, serviceName, opening?.memberId ?? null, draft, today));
  const [service, setService] = useState(start.service);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [optionIds, setOptionIds] = useState(start.optionIds);
  const [memberId, setMemberId] = useState(start.memberId);
  const [tab, setTab] = useState<BookingTab>('appointment');
  // The booking made (or the request sent): the dialog ends by saying what was booked.
  const [booked, setBooked] = useState<Appointment | null>(null);
  const form = useForm<EnquiryValues>(enquirySchema, {
    name: draft?.name ?? '',
    email: draft?.email ?? '',
    phone: draft?.phone ?? '',
    message: draft?.message ?? '',
  });

  // Focus to move once the next render is on screen (a control that appears with it); a new step or
  // tab also starts at the top, not where the previous one was scrolled to.
  const bodyRef = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<{ selector: string; toTop: boolean } | null>(null);
  useEffect(() => {
    if (!focusTarget.current) return;
    const { selector, toTop } = focusTarget.current;
    focusTarget.current = null;
    if (toTop && bodyRef.current) bodyRef.current.scrollTop = 0;
    panelRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });
  const focusSoon = (selector: string, toTop = false) => {
    focusTarget.current = { selector, toTop };
  };

  // Once booked, however the dialog is closed (Escape, the backdrop, ×, Back, the change-or-cancel
  // link), nothing is kept to restore on the next opening.
  const close = () =>
    onClose(booked ? null : {
      serviceId: service?.id ?? null,
      serviceName: service?.name ?? null,
      date,
      time,
      optionIds,
      memberId,
      ...form.values,
    });

  // The phone's Back button closes the dialog and stays on the page, keeping what was entered: the
  // dialog is a step of its own in the history (the same address), which Back takes away. Closed
  // otherwise, the dialog takes its step back; any other move of the page (a link) closes it too.
  const location = useLocation();
  const navigate = useNavigate();
  const [openedAt] = useState(location.key);
  // '' once the step is asked for, then the step's own key.
  const stepKey = useRef<string | null>(null);
  const latestClose = useRef(close);
  useEffect(() => {
    latestClose.current = close;
  });
  useEffect(() => {
    // Once per dialog (development's double effects included).
    if (stepKey.current !== null) return;
    stepKey.current = '';
    const { pathname, search, hash } = location;
    const state: unknown = location.state;
    void navigate({ pathname, search, hash }, { state: { ...(isRecord(state) ? state : {}), [DIALOG_STEP]: true } });
    // Only on opening: the location is the page under the dialog then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (location.key === openedAt && !stepKey.current) return;
    const state: unknown = location.state;
    if (stepKey.current === '' && isRecord(state) && state[DIALOG_STEP] === true) {
      stepKey.current = location.key;
    } else if (location.key !== stepKey.current) {
      // Back to the page under the dialog, or another page.
      latestClose.current();
    }
  }, [location, openedAt]);

  /** Closed from inside the dialog (×, Escape, the backdrop, its Close button): its step goes too. */
  const dismiss = () => {
    close();
    if (stepKey.current && location.key === stepKey.current) void navigate(-1);
  };

  const onKeyDown = useModal(panelRef, {
    onClose: dismiss,
    // The search box when the dialog opens on the service step; else (no search box) the dialog itself.
    initialFocusRef: searchRef,
    returnFocusRef,
  });

  function pickService(listing: Listing) {
    if (listing.id !== service?.id) {
      setDate(null);
      setTime(null);
      setOptionIds([]);
      setMemberId('');
    }
    setService({ id: listing.id, name: listing.name, changeable: true });
    setTab('appointment');
    focusSoon('[role="tab"][aria-selected="true"]', true);
  }

  function changeService() {
    setService(null);
    focusSoon('input[type="search"]');
  }

  return createPortal(
    <div className="booking-layer">
      <div className="booking-backdrop" aria-hidden="true" onClick={dismiss} />
      <div
        ref={panelRef}
        className="booking-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={offline ? `${subtitleId} ${offlineId}` : subtitleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="booking-dialog__header">
          <div>
            <h2 id={titleId} className="booking-dialog__title">
              {TITLE}
            </h2>
            <p id={subtitleId} className="booking-dialog__subtitle">
              {SUBTITLE}
            </p>
          </div>
          <button type="button" className="quiet-icon-button booking-dialog__close" aria-label={t('Close')} onClick={dismiss}>
            <CloseIcon size={22} />
          </button>
        </header>

        <div ref={bodyRef} className="booking-dialog__body">
          {offline && (
            <p id={offlineId} className="booking-dialog__offline" role="status">
              {OFFLINE_NOTICE}
            </p>
          )}
          {service?.name && !booked && (
            <p className="booking-dialog__service">
              <span className="booking-dialog__service-label">{t('Service')}</span>
              <strong className="booking-dialog__service-name">{service.name}</strong>
              {service.changeable && (
                <button type="button" className="booking-dialog__link" aria-label={t('Change service')} onClick={changeService}>
                  {t('Change')}
                </button>
              )}
            </p>
          )}
          {booked ? (
            <BookingDone appointment={booked} onClose={dismiss} />
          ) : service ? (
            <BookingTabs
              serviceId={service.id}
              // What the opener knew is of its own service only.
              given={(service.id === serviceId && opening?.listing) || null}
              today={today}
              date={date}
              time={time}
              optionIds={optionIds}
              memberId={memberId}
              tab={tab}
              form={form}
              onChoice={(next) => {
                // Other services or another member: the time chosen may no longer be free.
                setOptionIds([...next.optionIds]);
                setMemberId(next.memberId);
                setTime(null);
              }}
              onAnyone={() => {
                // After a 409 member_taken: the same time, with whoever is free then.
                setMemberId('');
                focusSoon('.booking-enquiry__form button[type="submit"]');
              }}
              onDate={(next) => {
                if (next !== date) setTime(null);
                setDate(next);
              }}
              onTime={(next) => {
                setTime(next);
                setTab('enquiry');
                focusSoon('input[name="name"]', true);
              }}
              onTab={setTab}
              onChangeSlot={() => {
                setTab('appointment');
                focusSoon('.booking-slot[aria-pressed="true"], .booking-calendar__day[tabindex="0"]');
              }}
              onBooked={setBooked}
            />
          ) : (
            <ServicePicker onPick={pickService} searchRef={searchRef} />
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}

interface BookingTabsProps {
  serviceId: string;
  /** The service's menu and team from the opener; null: asked for here. */
  given: BookingListing | null;
  today: string;
  date: string | null;
  time: string | null;
  optionIds: readonly string[];
  memberId: string;
  tab: BookingTab;
  form: Form<EnquiryValues>;
  onChoice: (choice: BookingChoice) => void;
  onAnyone: () => void;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  onTab: (tab: BookingTab) => void;
  onChangeSlot: () => void;
  onBooked: (appointment: Appointment) => void;
}

function BookingTabs(props: BookingTabsProps) {
  const { serviceId, given, today, date, time, tab, form, onDate, onTime, onTab, onChangeSlot, onBooked } = props;
  const request = useBookingListing(serviceId, given);
  const loaded = request.status === 'success' ? request.data : null;
  const menu = loaded?.options ?? [];
  const team = loaded?.team ?? [];
  // What was chosen of what is offered (a kept draft may name a service or a member gone since).
  const services = chosenServices(menu, props.optionIds);
  const member = team.find((m) => m.id === props.memberId) ?? null;
  const choice: BookingChoice = { optionIds: services.map((option) => option.id), memberId: member?.id ?? '' };
  // The free days and times are asked for once what they depend on is known: the listing's menu and
  // team, and at least one of its services when it has a menu.
  const ready = loaded !== null && (menu.length === 0 || services.length > 0);

  const availability = useAvailability(serviceId, ready ? date : null, choice);

  let steps = null;
  if (request.status === 'loading') {
    steps = (
      <p className="booking-appointment__hint" role="status">
        {t('Loading…')}
      </p>
    );
  } else if (request.status === 'error') {
    steps = (
      <div className="booking-step__error" role="alert">
        <p>{CHOICES_FAILED}</p>
        <Button variant="secondary" onClick={request.retry}>
          {t('Try Again')}
        </Button>
      </div>
    );
  } else {
    steps = (
      <>
        {menu.length > 0 && (
          <OptionsStep menu={menu} value={choice.optionIds} onChange={(optionIds) => props.onChoice({ ...choice, optionIds })} />
        )}
        {team.length > 0 && (
          <MemberStep team={team} value={choice.memberId} onChange={(memberId) => props.onChoice({ ...choice, memberId })} />
        )}
      </>
    );
  }

  return (
    <Tabs
      className="booking-dialog__tabs"
      label={t('Booking')}
      value={tab}
      onChange={(next) => onTab(next as BookingTab)}
      tabs={[
        {
          id: 'appointment',
          label: t('Appointment'),
          panel: (
            <div className="booking-appointment">
              {steps}
              {ready && (
                <DayAndTimes
                  serviceId={serviceId}
                  choice={choice}
                  today={today}
                  date={date}
                  time={time}
                  availability={availability}
                  onDate={onDate}
                  onTime={onTime}
                />
              )}
            </div>
          ),
        },
        {
          id: 'enquiry',
          // SPEC's Enquiry tab: named for what it asks, as visitors took "Enquiry" for a question only.
          label: t('Your details'),
          // And, with a menu, a service of it (a kept draft's may have left the menu since).
          disabled: !date || !time || !ready,
          panel: (
            <EnquiryForm
              serviceId={serviceId}
              date={date}
              time={time}
              chosen={{ services, member, menu: menu.length > 0, team: team.length > 0 }}
              form={form}
              onChangeSlot={onChangeSlot}
              onBooked={onBooked}
              onSlotTaken={availability.retry}
              onAnyone={props.onAnyone}
              onMenuChanged={request.refresh}
            />
          ),
        },
      ]}
    />
  );
}
