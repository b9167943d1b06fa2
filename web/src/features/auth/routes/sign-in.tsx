// /signin (SPEC §2, §4, §5, §8): e-mail, password and remember-me; the session is saved on success.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Checkbox, PasswordField, TextField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { saveSession } from '@/lib/session';
import { useForm } from '@/lib/use-form';
import { login } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { signInSchema, type SignInValues } from '../validation';

const SIGNED_IN = 'Successfully signed in!';
const SIGN_IN_FAILED = 'Failed to sign in. Please check your credentials.';

/** What other pages may pass to /signin in the router state, e.g. the e-mail just registered. */
export interface SignInState {
  email?: string;
}

export default function SignInRoute() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const toast = useToast();
  const state = useLocation().state as SignInState | null;
  const form = useForm<SignInValues>(signInSchema, {
    email: typeof state?.email === 'string' ? state.email : '',
    password: '',
    rememberMe: false,
  });
  const [pending, setPending] = useState(false);
  const { values, errors, setValue } = form;

  const onSubmit = form.handleSubmit((input) => {
    if (pending) return;
    setPending(true);
    login(input).then(
      ({ token, user }) => {
        saveSession(token, user);
        toast.success(SIGNED_IN);
        void navigate(paths.home.getHref());
      },
      (error: unknown) => {
        setPending(false);
        toast.error(apiErrorMessage(error) ?? SIGN_IN_FAILED);
      },
    );
  });

  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to your Mtaani account."
      footer={
        <>
          Don&apos;t have an account? <Link to={paths.signUpOptions.getHref()}>Sign up</Link>
        </>
      }
    >
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={values.email}
          error={errors.email}
          onChange={(event) => setValue('email', event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(event) => setValue('password', event.target.value)}
        />
        <div className="auth-form__row">
          <Checkbox
            label="Remember me"
            name="rememberMe"
            checked={values.rememberMe}
            onChange={(event) => setValue('rememberMe', event.target.checked)}
          />
          <Link to={paths.resetPassword.getHref()} className="auth-form__link">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" block disabled={pending}>
          {pending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
