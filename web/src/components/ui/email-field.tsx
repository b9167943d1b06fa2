// The e-mail input of every form: one label, keyboard, autofill hint and example everywhere. The
// browser's e-mail type check comes with type="email" (SPEC §2 Booking dialog).
import type { InputHTMLAttributes } from 'react';
import type { TextFieldBinding } from '@/lib/use-form';
import { TextField } from './form-field';

type EmailFieldProps = TextFieldBinding<string> & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type'>;

export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}
