// /reset-password ('Forgot password?', SPEC §2): without a token it asks for the e-mail to send a reset
// link to; with ?token=… (the link in that e-mail) it sets a new password.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { CheckCircleIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useForm } from '@/lib/use-form';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';
import {
  newPasswordSchema,
  resetRequestSchema,
  type NewPasswordValues,
  type ResetRequestValues,
} from '../validation';

const REQUEST_FAILED = 'Failed to send reset link. Please try again.';
const RESET_FAILED = 'Failed to reset password. Please try again.';

type Submission = { status: 'idle' | 'pending' } | { status: 'done' | 'failed'; message: string };

export default function ResetPasswordRoute() {
  const token = useSearchParams()[0].get('token');
  useDocumentTitle('Reset password');
  return token ? <NewPasswordForm token={token} /> : <ResetRequestForm />;
}

function BackToSignIn() {
  return <Link to={paths.signIn.getHref()}>Back to sign in</Link>;
}

function ResetRequestForm() {
  const form = useForm<ResetRequestValues>(resetRequestSchema, { email: '' });
  const [submission, setSubmission] = useState<Submission>({ status: 'idle' });
  const pending = submission.status === 'pending';

  const onSubmit = form.handleSubmit(({ email }) => {
    if (pending) return;
    setSubmission({ status: 'pending' });
    requestPasswordReset(email).then(
      ({ message }) => setSubmission({ status: 'done', message }),
      (error: unknown) => setSubmission({ status: 'failed', message: apiErrorMessage(error) ?? REQUEST_FAILED }),
    );
  });

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
      footer={<BackToSignIn />}
    >
      {submission.status === 'done' ? (
        <div className="auth-card__notice auth-card__notice--success" role="status">
          <CheckCircleIcon size={28} />
          <p>{submission.message}</p>
        </div>
      ) : (
        <form className="auth-form" noValidate onSubmit={onSubmit}>
          {submission.status === 'failed' && <FormAlert>{submission.message}</FormAlert>}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={form.values.email}
            error={form.errors.email}
            onChange={(event) => form.setValue('email', event.target.value)}
          />
          <Button type="submit" size="lg" block disabled={pending}>
            {pending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const form = useForm<NewPasswordValues>(newPasswordSchema, { password: '', confirmPassword: '' });
  const [submission, setSubmission] = useState<Submission>({ status: 'idle' });
  const pending = submission.status === 'pending';

  const onSubmit = form.handleSubmit(({ password }) => {
    if (pending) return;
    setSubmission({ status: 'pending' });
    confirmPasswordReset(token, password).then(
      ({ message }) => setSubmission({ status: 'done', message }),
      (error: unknown) => setSubmission({ status: 'failed', message: apiErrorMessage(error) ?? RESET_FAILED }),
    );
  });

  if (submission.status === 'done') {
    return (
      <AuthCard title="Password changed">
        <div className="auth-card__notice auth-card__notice--success" role="status">
          <CheckCircleIcon size={28} />
          <p>{submission.message}</p>
        </div>
        <Link to={paths.signIn.getHref()} className={buttonClass({ size: 'lg', block: true })}>
          Sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" description="Enter a new password for your Mtaani account." footer={<BackToSignIn />}>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        {submission.status === 'failed' && (
          <FormAlert>
            {submission.message}{' '}
            <Link to={paths.resetPassword.getHref()} className="form-alert__link">
              Request a new link
            </Link>
          </FormAlert>
        )}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={form.values.password}
          error={form.errors.password}
          onChange={(event) => form.setValue('password', event.target.value)}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.values.confirmPassword}
          error={form.errors.confirmPassword}
          onChange={(event) => form.setValue('confirmPassword', event.target.value)}
        />
        <Button type="submit" size="lg" block disabled={pending}>
          {pending ? 'Saving...' : 'Save new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
