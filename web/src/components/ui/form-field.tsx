// Labelled form inputs with their hint and error message wired up for assistive technology.
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { t } from '@/lib/i18n';
import { EyeIcon, EyeOffIcon, WarningIcon } from './icons';
import './icon-button.css';
import './form-field.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

interface TextFieldProps extends InputProps {
  /** Text, with perhaps a part only screen readers read (a row's number: 'Service 2: Price'). */
  label: ReactNode;
  /** Also the key of the field's error message and what the form focuses when it is invalid. */
  name: string;
  error?: string;
  hint?: ReactNode;
  /** A control inside the input's box, after the text (e.g. the password visibility toggle). */
  action?: ReactNode;
}

/** The ids that tie a control to its hint and error message. */
export function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

interface FieldShellProps {
  label: ReactNode;
  ids: ReturnType<typeof useFieldIds>;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** The error is said aloud when it appears (one found on this device, not after a submit). */
  live?: boolean;
  children: ReactNode;
}

/** A field's label, its control (the children), its hint and its error message. */
export function FieldShell({ label, ids, error, hint, className, live, children }: FieldShellProps) {
  const message = error && (
    <p id={ids.errorId} className="field__error">
      <WarningIcon size={16} />
      {error}
    </p>
  );
  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id} className="field__label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      )}
      {live ? <div aria-live="polite">{message}</div> : message}
    </div>
  );
}

export function TextField({ label, name, error, hint, action, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell label={label} ids={ids} error={error} hint={hint} className={className}>
      <div className="field__control">
        <input
          id={ids.id}
          name={name}
          className={`field__input${action ? ' field__input--with-action' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...input}
        />
        {action}
      </div>
    </FieldShell>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'action' | 'label'> & { label: string };

/** A password input with a Show/Hide toggle, which spares phone users a second typing of a long password. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      action={
        <button
          type="button"
          className="quiet-icon-button field__action"
          aria-label={t('Show {field}', { field: props.label.toLowerCase() })}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
}

interface CheckboxProps extends InputProps {
  label: ReactNode;
  name: string;
}

export function Checkbox({ label, name, className, ...input }: CheckboxProps) {
  return (
    <label className={['checkbox', className].filter(Boolean).join(' ')}>
      <input type="checkbox" name={name} className="checkbox__input" {...input} />
      <span>{label}</span>
    </label>
  );
}

/**
 * A message about the whole form (not one field), e.g. a server answer that names no field. `id` lets
 * the fields it is about point to it (aria-describedby).
 */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="form-alert" role="alert">
      {children}
    </p>
  );
}
