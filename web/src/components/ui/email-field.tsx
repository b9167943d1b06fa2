// The e-mail input of every form: one label, keyboard, autofill hint and example everywhere. The
// browser's e-mail type check comes with type="email" (SPEC §2 Booking dialog).
import type { InputHTMLAttributes } from 'react';
import { t } from '@/lib/i18n';
import type { TextFieldBinding } from '@/lib/use-form';
import { TextField } from './form-field';

type EmailFieldProps = TextFieldBinding<string> & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type'>;

export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label={t('Email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('you@example.com')}
      {...props}
    />
  );
}
