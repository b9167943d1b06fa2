// /reset-password ('Forgot password?', SPEC §2): without a token it asks for the e-mail to send a reset
// link to; with ?token=… (the link in that e-mail) it sets a new password.
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormAlert, PasswordField } from '@/components/ui/form-field';
import { CheckCircleIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { useForm } from '@/lib/use-form';
import { useSubmission } from '@/lib/use-submission';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';
import {
  newPasswordSchema,
  resetRequestSchema,
  type NewPasswordValues,
  type ResetRequestValues,
} from '../validation';

const REQUEST_FAILED = t('Failed to send reset link. Please try again.');
const RESET_FAILED = t('Failed to reset password. Please try again.');

export default function ResetPasswordRoute() {
  const token = useSearchParams()[0].get('token');
  useDocumentTitle(t('Reset password'));
  return token ? <NewPasswordForm token={token} /> : <ResetRequestForm />;
}

function BackToSignIn() {
  return <Link to={paths.signIn.getHref()}>{t('Back to sign in')}</Link>;
}

/** The server's answer once the link is sent or the password is changed. */
function DoneNotice({ message }: { message: string }) {
  return (
    <div className="auth-card__notice auth-card__notice--success" role="status">
      <CheckCircleIcon size={28} />
      <p>{message}</p>
    </div>
  );
}

function ResetRequestForm() {
  const form = useForm<ResetRequestValues>(resetRequestSchema, { email: '' });
  const { submission, busy, submit } = useSubmission<{ message: string }>(REQUEST_FAILED);
  const onSubmit = form.handleSubmit(({ email }) => submit(() => requestPasswordReset(email)));

  return (
    <AuthCard
      title={t('Reset your password')}
      description={t('Enter the email address of your account and we will send you a link to choose a new password.')}
      footer={<BackToSignIn />}
    >
      {submission.status === 'done' ? (
        <DoneNotice message={submission.result.message} />
      ) : (
        <form className="auth-form" noValidate onSubmit={onSubmit}>
          {submission.status === 'failed' && <FormAlert>{submission.message}</FormAlert>}
          <EmailField {...form.field('email')} />
          <Button type="submit" size="lg" block disabled={busy}>
            {busy ? t('Sending...') : t('Send reset link')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const form = useForm<NewPasswordValues>(newPasswordSchema, { password: '', confirmPassword: '' });
  const { submission, busy, submit } = useSubmission<{ message: string }>(RESET_FAILED);
  const onSubmit = form.handleSubmit(({ password }) => submit(() => confirmPasswordReset(token, password)));

  if (submission.status === 'done') {
    return (
      <AuthCard title={t('Password changed')}>
        <DoneNotice message={submission.result.message} />
        <Link to={paths.signIn.getHref()} className={buttonClass({ size: 'lg', block: true })}>
          {t('Sign in')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('Choose a new password')}
      description={t('Enter a new password for your Mtaani account.')}
      footer={<BackToSignIn />}
    >
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        {submission.status === 'failed' && (
          <FormAlert>
            {submission.message}{' '}
            <Link to={paths.resetPassword.getHref()} className="form-alert__link">
              {t('Request a new link')}
            </Link>
          </FormAlert>
        )}
        <PasswordField
          label={t('New password')}
          autoComplete="new-password"
          hint={t('At least 8 characters.')}
          {...form.field('password')}
        />
        <PasswordField label={t('Confirm password')} autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? t('Saving...') : t('Save new password')}
        </Button>
      </form>
    </AuthCard>
  );
}
