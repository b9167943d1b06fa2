// A tiny typed form validator: per-field lists of rules, each answering an error message or nothing.
// It replaces a schema library (zod) for the few forms the app has, at a fraction of the bytes.
import { t } from './i18n';

/** A rule sees the field's value and every value of the form (for cross-field checks). */
export type Rule<Value, Values> = (value: Value, values: Values) => string | undefined;

/** The rules of each field, checked in order; a field's first failing rule gives its message. */
export type Schema<Values> = { [Field in keyof Values]?: readonly Rule<Values[Field], Values>[] };

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

// The e-mail pattern zod v3 uses for z.string().email(), so these forms accept what they always did.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** At least `min` characters (like zod's .min(n), which counts UTF-16 code units). */
export function minLength<Values>(min: number, message: string): Rule<string, Values> {
  return (value) => (value.length >= min ? undefined : message);
}

export function email<Values>(message: string): Rule<string, Values> {
  return (value) => (isEmail(value) ? undefined : message);
}

/** Equal to another field of the form, e.g. a password confirmation. */
export function sameAs<Values, Field extends keyof Values>(
  field: Field,
  message: string,
): Rule<Values[Field], Values> {
  return (value, values) => (value === values[field] ? undefined : message);
}

/** Applies a rule to the value without its surrounding spaces (a name of '  A ' is one letter). */
export function trimmed<Values>(rule: Rule<string, Values>): Rule<string, Values> {
  return (value, values) => rule(value.trim(), values);
}

/** The message of the first failing rule of every field; an empty object when all pass. */
export function validate<Values>(schema: Schema<Values>, values: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const field of Object.keys(schema) as (keyof Values)[]) {
    for (const rule of schema[field] ?? []) {
      const message = rule(values[field], values);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}

export function hasErrors<Values>(errors: FieldErrors<Values>): boolean {
  return Object.values(errors).some(Boolean);
}

// The phone number of the sign-up form and of an M-Pesa payment (SPEC §5): one rule for both, so that a
// number accepted at sign-up is accepted for M-Pesa. Once it passes, the number must also clean
// (lib/phone.ts, the server's rule).
export const phoneMessages = {
  phoneNumber: t('Please enter a valid phone number'),
  phoneAfterCleaning: t('Invalid phone number format after cleaning'),
} as const;

/** At least 10 characters, not counting the spaces around them. */
export function phoneNumberRule<Values>(): Rule<string, Values> {
  return trimmed(minLength(10, phoneMessages.phoneNumber));
}
