// A text input that suggests (ARIA 1.2 combobox with a list): what is typed stays free text, and a
// suggestion is picked by tap, or by the arrow keys and Enter. The suggestions come from the caller
// (the place picker's from GET /api/places), which decides when there are any.
import { useId, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '@/lib/i18n';
import { FieldShell, useFieldIds } from './form-field';
import './combobox.css';

export interface ComboboxOption {
  id: string;
  label: string;
  /** A second line in smaller print (e.g. the kind of place). */
  detail?: string;
}

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
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && options.length > 0;
  const activeOption = shown && active >= 0 && active < options.length ? options[active] : undefined;

  const pick = (option: ComboboxOption) => {
    onPick(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const last = options.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      );
    } else if (event.key === 'Enter' && activeOption) {
      // Picks the suggestion; the form is not sent.
      event.preventDefault();
      pick(activeOption);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <FieldShell label={label} ids={ids} error={error} hint={hint} className={['combobox', className].filter(Boolean).join(' ')}>
      <div className="field__control">
        <input
          id={ids.id}
          name={name}
          className="field__input"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          {...input}
        />
        <ul id={listId} role="listbox" aria-label={t('Suggestions')} className="combobox__list" hidden={!shown}>
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              // Keeps the focus in the input, so the tap picks before the blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              <span className="combobox__label">{option.label}</span>
              {option.detail && <span className="combobox__detail">{option.detail}</span>}
            </li>
          ))}
        </ul>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {shown ? t('{count} suggestions', { count: options.length }) : ''}
      </span>
      {children}
    </FieldShell>
  );
}
