// A labelled multi-line input with its hint and error wired up for assistive technology, looking like
// TextField (form-field.tsx), whose classes it uses.
import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { WarningIcon } from './icons';
import './form-field.css';
import './textarea-field.css';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> {
  label: string;
  /** Also the key of the field's error message. */
  name: string;
  error?: string;
  hint?: ReactNode;
}

export function TextareaField({ label, name, error, hint, className, rows = 5, ...textarea }: TextareaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        className="field__input field__input--multiline"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          <WarningIcon size={16} />
          {error}
        </p>
      )}
    </div>
  );
}
