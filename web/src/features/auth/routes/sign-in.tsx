// /signin (SPEC §2, §4, §5, §8): e-mail, password and remember-me; the session is saved on success.
// A seller with no listing yet goes on to the post form, everyone else as the spec says.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { Checkbox, PasswordField, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { t } from '@/lib/i18n';
import { apiFieldErrors } from '@/lib/api-client';
import { hasListings, type FirstServiceState } from '@/lib/seller-listings';
import { isSeller, saveSession } from '@/lib/session';
import { useForm } from '@/lib/use-form';
import { useSubmission } from '@/lib/use-submission';
import { login, type LoginAnswer } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { signInSchema, type SignInValues } from '../validation';

const SIGNED_IN = t('Successfully signed in!');
const SIGN_IN_FAILED = t('Failed to sign in. Please check your credentials.');

/** What other pages may pass to /signin in the router state, e.g. the e-mail just registered. */
export interface SignInState {
  email?: string;
}

export default function SignInRoute() {
  useDocumentTitle(t('Sign in'));
  const navigate = useNavigate();
  const toast = useToast();
  const state = useLocation().state as SignInState | null;
  // The router's state survives a reload, which the server cannot see: a prefill, not a first value.
  const form = useForm<SignInValues>(
    signInSchema,
    { email: '', password: '', rememberMe: false },
    { email: typeof state?.email === 'string' ? state.email : undefined },
  );
  const { busy, submit } = useSubmission<LoginAnswer>(SIGN_IN_FAILED);
  // An operator's authenticator code, asked for once the server says the account needs one.
  const [code, setCode] = useState<string>();

  const onSubmit = form.handleSubmit((input) =>
    submit(() => login({ ...input, totp: code }), {
      onDone: ({ token, user }) => {
        saveSession(token, user);
        toast.success(SIGNED_IN);
        if (!isSeller(user)) {
          void navigate(user.accountType === 'admin' ? paths.admin.getHref() : paths.home.getHref());
          return;
        }
        // If the listings cannot be read, the spec's home page is never wrong.
        hasListings().then(
          (has) => {
            if (has) void navigate(paths.home.getHref());
            else void navigate(paths.postService.getHref(), { state: { firstService: true } satisfies FirstServiceState });
          },
          (error: unknown) => {
            console.error('Failed to check for listings after sign-in', error);
            void navigate(paths.home.getHref());
          },
        );
      },
      onFailed: (message, error) => {
        if (apiFieldErrors(error).totp) setCode(code ?? '');
        toast.error(message);
      },
    }),
  );

  return (
    <AuthCard
      title={t('Welcome back')}
      description={t('Sign in to your Mtaani account.')}
      footer={
        <>
          {t("Don't have an account?")} <Link to={paths.signUpOptions.getHref()}>{t('Sign up')}</Link>
        </>
      }
    >
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <EmailField {...form.field('email')} />
        <PasswordField label={t('Password')} autoComplete="current-password" {...form.field('password')} />
        {code !== undefined && (
          <TextField
            label={t('Authenticator code')}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <div className="auth-form__row">
          <Checkbox label={t('Remember me')} {...form.checkbox('rememberMe')} />
          <Link to={paths.resetPassword.getHref()} className="auth-form__link">
            {t('Forgot password?')}
          </Link>
        </div>
        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? t('Signing in...') : t('Sign in')}
        </Button>
      </form>
    </AuthCard>
  );
}
