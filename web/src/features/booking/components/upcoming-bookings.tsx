// What becomes of a team member's upcoming bookings when a change stops them taking them (paused, a
// service dropped, removed). The server refuses such a change (409 member_has_bookings,
// saying how many); the seller is then asked: move them to a member they choose, to anyone free, or
// cancel them (each customer is told), and the change is sent again with that answer. Nothing is moved
// or cancelled without asking; a move the team cannot take is refused whole, and said here.
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-field';
import { apiErrorCode, apiErrorMessage, apiFieldErrors } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import type { TeamMember } from '@/types/api';
import type { UpcomingBookings } from '../api/team';
import './upcoming-bookings.css';

const TITLE = t('Their upcoming bookings');
const CHOOSE = t('Choose what becomes of the bookings.');
const FAILED = t('Nothing was changed. Please try again.');

/** A change of a member that their upcoming bookings may stop, sent first without asking. */
export interface MemberChange<Result> {
  /** The member changed: not offered as the one to move their bookings to. */
  memberId: string;
  send(upcoming?: UpcomingBookings): Promise<Result>;
  /** `upcoming`: what the seller chose, when they were asked. */
  onDone(result: Result, upcoming?: UpcomingBookings): void;
  /** Any refusal but member_has_bookings on the first send (e.g. the form's fields). */
  onFailed(error: unknown): void;
  /** The seller is being asked: the change waits for their answer (or for them to go back: nothing changes). */
  onAsked(): void;
  /** Gets the focus back when the question closes. */
  returnFocus: HTMLElement | null;
}

interface Question {
  change: MemberChange<unknown>;
  message: string;
}

/**
 * `send(change)` sends a member's change, and asks the seller when the server says the member has
 * upcoming bookings: `dialog` is that question, to render (null when nothing is asked).
 */
export function useUpcomingBookings(members: readonly TeamMember[]) {
  const [question, setQuestion] = useState<Question | null>(null);

  function send<Result>(change: MemberChange<Result>) {
    change.send().then(
      (result) => change.onDone(result),
      (error: unknown) => {
        if (apiErrorCode(error) === 'member_has_bookings') {
          setQuestion({ change, message: apiErrorMessage(error) ?? TITLE });
          change.onAsked();
        } else {
          change.onFailed(error);
        }
      },
    );
  }

  const dialog = question && (
    <UpcomingBookingsDialog
      message={question.message}
      // Where their bookings may go: the others who take bookings.
      others={members.filter((member) => member.active && member.id !== question.change.memberId)}
      change={question.change}
      onClosed={() => setQuestion(null)}
    />
  );
  return { send, dialog };
}

type Choice = 'member' | 'anyone' | 'cancel';

interface DialogProps {
  message: string;
  others: TeamMember[];
  change: MemberChange<unknown>;
  onClosed: () => void;
}

function UpcomingBookingsDialog({ message, others, change, onClosed }: DialogProps) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [moveTo, setMoveTo] = useState(others[0]?.id ?? '');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const returnFocusRef = useRef(change.returnFocus);
  const firstRef = useRef<HTMLInputElement>(null);
  const name = useId();
  const memberSelectId = useId();

  function dismiss() {
    if (!sending) onClosed();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!choice) {
      setFailure(CHOOSE);
      return;
    }
    const upcoming: UpcomingBookings =
      choice === 'cancel' ? { then: 'cancel' } : choice === 'member' ? { then: 'move', moveTo } : { then: 'move' };
    setSending(true);
    setFailure(null);
    change.send(upcoming).then(
      (result) => {
        onClosed();
        change.onDone(result, upcoming);
      },
      (error: unknown) => {
        // Another member_has_bookings (nobody free for one of them), or a refusal of the choice: the
        // question stays, with the server's reason, so the seller can choose again.
        setSending(false);
        setFailure(apiFieldErrors(error).moveTo ?? apiErrorMessage(error) ?? FAILED);
      },
    );
  }

  return (
    <Dialog
      title={TITLE}
      description={<p>{message}</p>}
      onClose={dismiss}
      initialFocusRef={firstRef}
      returnFocusRef={returnFocusRef}
    >
      <form className="upcoming-bookings" noValidate onSubmit={submit}>
        <fieldset className="upcoming-bookings__choices">
          <legend className="upcoming-bookings__legend">{t('What should happen to them?')}</legend>
          {others.length > 0 && (
            <>
              <div className="upcoming-bookings__choice">
                <label className="checkbox">
                  <input
                    ref={firstRef}
                    type="radio"
                    className="checkbox__input"
                    name={name}
                    checked={choice === 'member'}
                    onChange={() => setChoice('member')}
                  />
                  <span>{t('Move them to a member I choose')}</span>
                </label>
                <label htmlFor={memberSelectId} className="visually-hidden">
                  {t('Member to move them to')}
                </label>
                <select
                  id={memberSelectId}
                  className="field__input upcoming-bookings__member"
                  value={moveTo}
                  onChange={(event) => {
                    setMoveTo(event.target.value);
                    setChoice('member');
                  }}
                >
                  {others.map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </select>
              </div>
              <label className="checkbox">
                <input type="radio" className="checkbox__input" name={name} checked={choice === 'anyone'} onChange={() => setChoice('anyone')} />
                <span>{t('Move each to anyone free then')}</span>
              </label>
            </>
          )}
          <label className="checkbox">
            <input
              ref={others.length > 0 ? undefined : firstRef}
              type="radio"
              className="checkbox__input"
              name={name}
              checked={choice === 'cancel'}
              onChange={() => setChoice('cancel')}
            />
            <span>{t('Cancel them: each customer is told')}</span>
          </label>
        </fieldset>
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className="upcoming-bookings__actions">
          <Button type="submit" disabled={sending}>
            {sending ? t('Saving...') : t('Continue')}
          </Button>
          <Button variant="secondary" disabled={sending} onClick={dismiss}>
            {t('Go back')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
