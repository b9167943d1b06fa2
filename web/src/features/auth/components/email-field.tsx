// The e-mail input of the account forms: one label, keyboard, autofill hint and example everywhere.
import { TextField } from '@/components/ui/form-field';
import type { TextFieldBinding } from '@/lib/use-form';

export function EmailField(binding: TextFieldBinding<string>) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      {...binding}
    />
  );
}
