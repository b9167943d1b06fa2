// Sends a form's data once at a time and keeps what came of it: pending, done with the answer, or
// failed with the message to show (the server's own, else the form's fallback; without a connection,
// that it is offline).
import { useState } from 'react';
import { apiErrorMessage, apiErrorStatus } from './api-client';
import { t } from './i18n';
import { isOffline } from './online';

/** A form sent without a connection, unless the form says more (the booking, a listing). */
const OFFLINE = t('You are offline. Nothing was sent: please try again once you are back online.');

export type Submission<Result> =
  | { status: 'idle' | 'pending' }
  | { status: 'done'; result: Result }
  | { status: 'failed'; message: string };

export interface SubmitCallbacks<Result> {
  onDone?: (result: Result) => void;
  /** `message` is the server's message, else the fallback; `error` is what the call threw. */
  onFailed?: (message: string, error: unknown) => void;
}

export interface SubmissionControl<Result> {
  submission: Submission<Result>;
  /**
   * True from the send until it fails: while it is under way, and after it succeeded (the screen is
   * moving on), so the form is not sent twice.
   */
  busy: boolean;
  /** Calls `send` unless busy, then records its outcome and calls the matching callback. */
  submit: (send: () => Promise<Result>, callbacks?: SubmitCallbacks<Result>) => void;
}

/** The call got no answer because the browser has no connection (not a refusal of the server's). */
export function failedOffline(error: unknown): boolean {
  return isOffline() && apiErrorStatus(error) === undefined;
}

/**
 * `failedMessage` is shown when a call fails without a message of the server's, e.g. no answer at all;
 * `offlineMessage` when it got no answer because the browser has no connection.
 */
export function useSubmission<Result>(failedMessage: string, offlineMessage = OFFLINE): SubmissionControl<Result> {
  const [submission, setSubmission] = useState<Submission<Result>>({ status: 'idle' });
  const busy = submission.status === 'pending' || submission.status === 'done';

  function submit(send: () => Promise<Result>, { onDone, onFailed }: SubmitCallbacks<Result> = {}) {
    if (busy) return;
    setSubmission({ status: 'pending' });
    send().then(
      (result) => {
        setSubmission({ status: 'done', result });
        onDone?.(result);
      },
      (error: unknown) => {
        const message = failedOffline(error) ? offlineMessage : (apiErrorMessage(error) ?? failedMessage);
        setSubmission({ status: 'failed', message });
        onFailed?.(message, error);
      },
    );
  }

  return { submission, busy, submit };
}
