// A labelled multi-line input with its hint and error wired up for assistive technology, looking like
// TextField (form-field.tsx), whose classes it uses.
import { type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldShell, useFieldIds } from './form-field';
import './textarea-field.css';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> {
  label: string;
  /** Also the key of the field's error message. */
  name: string;
  error?: string;
  hint?: ReactNode;
}

export function TextareaField({ label, name, error, hint, className, rows = 5, ...textarea }: TextareaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell label={label} ids={ids} error={error} hint={hint} className={className}>
      <textarea
        id={ids.id}
        name={name}
        rows={rows}
        className="field__input field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...textarea}
      />
    </FieldShell>
  );
}
