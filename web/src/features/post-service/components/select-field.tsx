// A labelled drop-down with its hint and error wired up like TextField's (components/ui/form-field.tsx),
// whose FieldShell and classes it uses.
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldShell, useFieldIds } from '@/components/ui/form-field';
import { ChevronDownIcon } from '@/components/ui/icons';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> {
  label: ReactNode;
  /** Also the key of the field's error message and what the form focuses when it is invalid. */
  name: string;
  error?: string;
  hint?: ReactNode;
  /** The first, empty choice: what to do ('Choose a category'); none when a choice is always made. */
  placeholder?: string;
  children: ReactNode;
}

export function SelectField({ label, name, error, hint, placeholder, className, children, ...select }: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell label={label} ids={ids} error={error} hint={hint} className={className}>
      <div className="field__control select-field">
        <select
          id={ids.id}
          name={name}
          className="field__input select-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {children}
        </select>
        <ChevronDownIcon size={20} className="select-field__chevron" />
      </div>
    </FieldShell>
  );
}
