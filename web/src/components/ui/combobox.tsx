// A form's text field that suggests (ARIA 1.2 combobox with a list, use-combobox.tsx): what is typed
// stays free text, and a suggestion is picked by tap, or by the arrow keys and Enter. The suggestions
// come from the caller (the place picker's from GET /api/places), which decides when there are any.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldShell, useFieldIds } from './form-field';
import { useCombobox, type ComboboxOption } from './use-combobox';

export type { ComboboxOption } from './use-combobox';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'list'>;

interface ComboboxProps extends InputProps {
  label: string;
  name: string;
  value: string;
  options: readonly ComboboxOption[];
  onValueChange: (text: string) => void;
  onPick: (option: ComboboxOption) => void;
  error?: string;
  hint?: ReactNode;
  /** Under the input, outside the list (e.g. a "Use my location" button). */
  children?: ReactNode;
}

export function Combobox({
  label,
  name,
  value,
  options,
  onValueChange,
  onPick,
  error,
  hint,
  children,
  className,
  ...input
}: ComboboxProps) {
  const ids = useFieldIds(hint, error);
  const combobox = useCombobox({ options, onValueChange, onPick });

  return (
    <FieldShell label={label} ids={ids} error={error} hint={hint} className={['combobox', className].filter(Boolean).join(' ')}>
      <div className="field__control">
        <input
          id={ids.id}
          name={name}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          value={value}
          {...combobox.input}
          {...input}
        />
        {combobox.list}
      </div>
      {combobox.announcement}
      {children}
    </FieldShell>
  );
}
