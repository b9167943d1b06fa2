// The rules and messages of the sign-in, sign-up and new-password forms (SPEC §5), letter for letter;
// the phone number's are lib/validation.ts's, which the M-Pesa payment shares.
import { t } from '@/lib/i18n';
import { email, minLength, phoneNumberRule, sameAs, trimmed, type Schema } from '@/lib/validation';

export const messages = {
  email: t('Please enter a valid email address'),
  passwordRequired: t('Password is required'),
  firstName: t('First name must be at least 2 characters'),
  lastName: t('Last name must be at least 2 characters'),
  passwordLength: t('Password must be at least 8 characters'),
  passwordsMatch: t("Passwords don't match"),
} as const;

export const PASSWORD_MIN_LENGTH = 8;

export interface SignInValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

export const signInSchema: Schema<SignInValues> = {
  email: [email(messages.email)],
  password: [minLength(1, messages.passwordRequired)],
};

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

// A confirmation equal to a valid password is long enough too, so it needs only the equality rule.
export const newPasswordSchema: Schema<NewPasswordValues> = {
  password: [minLength(PASSWORD_MIN_LENGTH, messages.passwordLength)],
  confirmPassword: [sameAs('password', messages.passwordsMatch)],
};

export interface SignUpValues extends NewPasswordValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export const signUpSchema: Schema<SignUpValues> = {
  firstName: [trimmed(minLength(2, messages.firstName))],
  lastName: [trimmed(minLength(2, messages.lastName))],
  email: [email(messages.email)],
  phoneNumber: [phoneNumberRule()],
  ...newPasswordSchema,
};

export interface ResetRequestValues {
  email: string;
}

export const resetRequestSchema: Schema<ResetRequestValues> = {
  email: [email(messages.email)],
};
