// /signup?type=buyer|seller&package={id} (SPEC §2, §3, §4, §5, §8): the registration form. Sellers
// register with the package chosen on /seller-packages, shown above the form, then pay its first month
// with M-Pesa on the same page, which shows how the payment went before they go on to sign in.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field';
import { StatusMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { apiFieldErrors } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { formatKsh } from '@/lib/format';
import { t } from '@/lib/i18n';
import { tx } from '@/lib/i18n-elements';
import { useIdempotentSubmissions } from '@/lib/idempotency';
import { cleanPhoneNumber } from '@/lib/phone';
import { useForm } from '@/lib/use-form';
import { useSubmission } from '@/lib/use-submission';
import { phoneMessages, type FieldErrors } from '@/lib/validation';
import type { AccountType, Package, Payment } from '@/types/api';
// The payment step belongs to the payments feature, which My Account uses too.
import { SignUpPayment } from '@/features/payments/components/sign-up-payment';
import { PACKAGES_FAILED, usePackages } from '@/features/payments/api/get-packages';
import { register, type RegisterAnswer, type RegisterPayload } from '@/features/auth/api/register';
import { AuthCard } from '@/features/auth/components/auth-card';
import { signUpSchema, type SignUpValues } from '@/features/auth/validation';
import type { SignInState } from '@/features/auth/routes/sign-in';

const SIGNED_UP = t('Account created successfully! Please log in to continue.');
const SIGN_UP_FAILED = t('Failed to create account. Please try again.');
const SELLER_TITLE = t('Register as a seller');
const BUYER_TITLE = t('Enter your details to create a buyer account');

export default function SignUpRoute() {
  const [params] = useSearchParams();
  // Anything but 'seller' is a buyer: the type defaults to buyer (SPEC §2).
  const accountType: AccountType = params.get('type') === 'seller' ? 'seller' : 'buyer';
  useDocumentTitle(accountType === 'seller' ? SELLER_TITLE : t('Create a buyer account'));

  return accountType === 'seller' ? (
    <SellerSignUp packageId={params.get('package') ?? ''} />
  ) : (
    <AuthCard title={BUYER_TITLE} size="wide" footer={<SignInInstead />}>
      <SignUpForm accountType="buyer" />
    </AuthCard>
  );
}

/** A seller just registered, whose first payment is under way. */
interface SellerPaymentStep {
  payment: Payment;
  email: string;
  /** As typed on the form. */
  phoneNumber: string;
}

function SellerSignUp({ packageId }: { packageId: string }) {
  const query = usePackages();
  const finish = useFinishSignUp();
  const [paymentStep, setPaymentStep] = useState<SellerPaymentStep | null>(null);
  const [paid, setPaid] = useState(false);

  if (paymentStep) {
    const signInState: SignInState = { email: paymentStep.email };
    const alreadyPaid = paid || paymentStep.payment.status === 'succeeded';
    return (
      <AuthCard
        title={t('Pay for your package')}
        size="wide"
        description={t('Your seller account is set up. Pay the first month with M-Pesa to start posting your services.')}
        footer={
          alreadyPaid
            ? undefined
            : tx('Want to pay later? {signIn} and pay from My Account.', {
                signIn: (
                  <Link to={paths.signIn.getHref()} state={signInState}>
                    {t('Sign in')}
                  </Link>
                ),
              })
        }
      >
        <SignUpPayment
          payment={paymentStep.payment}
          phoneNumber={paymentStep.phoneNumber}
          onPaid={() => setPaid(true)}
          onContinue={() => finish(paymentStep.email)}
        />
      </AuthCard>
    );
  }

  if (query.status === 'error') {
    return (
      <div className="container page">
        <StatusMessage role="alert" title={PACKAGES_FAILED}>
          <Button onClick={query.retry}>{t('Try Again')}</Button>
        </StatusMessage>
      </div>
    );
  }

  const chosen = query.status === 'success' ? query.data.find((p) => p.id === packageId) : undefined;

  if (query.status === 'success' && !chosen) {
    return (
      <AuthCard title={SELLER_TITLE} description={t('Sellers register with a monthly package.')}>
        <div className="auth-card__notice">
          <p>
            {packageId
              ? t('That package is not available. Please choose a seller package to continue.')
              : t('No package has been chosen yet. Please choose a seller package to continue.')}
          </p>
          <Link to={paths.sellerPackages.getHref()} className={buttonClass({ size: 'lg', block: true })}>
            {t('Choose a package')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={SELLER_TITLE}
      size="wide"
      description={chosen ? <ChosenPackage sellerPackage={chosen} /> : <ChosenPackageSkeleton />}
      footer={<SignInInstead />}
    >
      {chosen && <SignUpForm accountType="seller" packageId={chosen.id} onPaymentStarted={setPaymentStep} />}
    </AuthCard>
  );
}

function ChosenPackage({ sellerPackage }: { sellerPackage: Package }) {
  return (
    <p className="chosen-package">
      <span>
        <strong>{t('{name} package', { name: sellerPackage.name })}</strong>
        <span className="chosen-package__price">
          {formatKsh(sellerPackage.price)}
          <span className="chosen-package__period">{t('/month')}</span>
        </span>
      </span>
      <Link to={paths.sellerPackages.getHref()} className="chosen-package__change">
        {t('Change package')}
      </Link>
    </p>
  );
}

function ChosenPackageSkeleton() {
  return (
    <p className="chosen-package chosen-package--loading" role="status">
      {t('Loading your package…')}
    </p>
  );
}

function SignInInstead() {
  return (
    <>{tx('Already have an account? {signIn}', { signIn: <Link to={paths.signIn.getHref()}>{t('Sign in')}</Link> })}</>
  );
}

/** Ends a sign-up: the SPEC's success toast, then /signin (a seller's payment has its outcome on the page). */
function useFinishSignUp() {
  const navigate = useNavigate();
  const toast = useToast();
  return (email: string) => {
    toast.success(SIGNED_UP);
    const state: SignInState = { email };
    void navigate(paths.signIn.getHref(), { state });
  };
}

interface SignUpFormProps {
  accountType: AccountType;
  packageId?: string;
  /** Sellers: the server has sent the package's M-Pesa request, which the next step follows. */
  onPaymentStarted?: (step: SellerPaymentStep) => void;
}

function SignUpForm({ accountType, packageId, onPaymentStarted }: SignUpFormProps) {
  const finish = useFinishSignUp();
  const toast = useToast();
  const form = useForm<SignUpValues>(signUpSchema, {
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    password: '',
    confirmPassword: '',
  });
  const { busy, submit } = useSubmission<RegisterAnswer>(SIGN_UP_FAILED);
  // Server answers about something that is not a field of this form (accountType, packageId).
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // The same details sent again (a retry after a lost answer) reuse the key; changed details get a new one.
  const submissions = useIdempotentSubmissions();

  const onSubmit = form.handleSubmit((input) => {
    // submit() ignores a second send too; checking here first keeps the phone check and the key as they are.
    if (busy) return;
    const phoneNumber = cleanPhoneNumber(input.phoneNumber);
    if (!phoneNumber) {
      form.setFieldErrors({ phoneNumber: phoneMessages.phoneAfterCleaning });
      toast.error(phoneMessages.phoneAfterCleaning);
      return;
    }
    const payload: RegisterPayload = {
      userName: `${input.firstName.trim()} ${input.lastName.trim()}`,
      email: input.email,
      phoneNumber,
      password: input.password,
      accountType,
      ...(accountType === 'seller' ? { packageId } : {}),
    };
    const key = submissions.keyFor(payload);

    setFormErrors([]);
    submit(() => register(payload, key), {
      onDone: ({ payment }) => {
        if (payment && onPaymentStarted) {
          onPaymentStarted({ payment, email: payload.email, phoneNumber: input.phoneNumber });
        } else {
          finish(payload.email);
        }
      },
      onFailed: (message, error) => {
        // Only an attempt that got no clear answer may be repeated under the same key.
        submissions.settle(error);
        const { fields, others } = splitFieldErrors(apiFieldErrors(error));
        form.setFieldErrors(fields);
        setFormErrors(others);
        toast.error(message);
      },
    });
  });

  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      {formErrors.length > 0 && (
        <FormAlert>
          {formErrors.map((message, index) => (
            <span key={index} className="form-alert__line">
              {message}
            </span>
          ))}
        </FormAlert>
      )}
      <div className="auth-form__pair">
        <TextField label={t('First name')} autoComplete="given-name" {...form.field('firstName')} />
        <TextField label={t('Last name')} autoComplete="family-name" {...form.field('lastName')} />
      </div>
      <EmailField {...form.field('email')} />
      <TextField
        label={t('Phone number')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="0712 345 678"
        hint={t('A Kenyan number like 0712 345 678, or an international one starting with +.')}
        {...form.field('phoneNumber')}
      />
      <div className="auth-form__pair">
        <PasswordField
          label={t('Password')}
          autoComplete="new-password"
          hint={t('At least 8 characters.')}
          {...form.field('password')}
        />
        <PasswordField label={t('Confirm password')} autoComplete="new-password" {...form.field('confirmPassword')} />
      </div>
      <p className="auth-form__legal">
        {tx('By creating an account, you agree to our {terms} and {privacy}.', {
          terms: <Link to={paths.terms.getHref()}>{t('Terms of Service')}</Link>,
          privacy: <Link to={paths.privacy.getHref()}>{t('Privacy Policy')}</Link>,
        })}
      </p>
      <Button type="submit" size="lg" block disabled={busy}>
        {busy ? t('Creating Account...') : t('Create Account')}
      </Button>
    </form>
  );
}

/** The server's messages for this form's fields, and the rest (fields the visitor cannot see or fix). */
function splitFieldErrors(errors: Record<string, string>): { fields: FieldErrors<SignUpValues>; others: string[] } {
  const fields: FieldErrors<SignUpValues> = {};
  const others: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if (field in signUpSchema) fields[field as keyof SignUpValues] = message;
    else others.push(message);
  }
  return { fields, others };
}
