// What makes a text input a combobox with a list of suggestions (ARIA 1.2): the input's attributes
// and keys (arrows, Enter, Escape), the list (picked by tap, or by the arrows and Enter) and what a
// screen reader hears. What is typed stays free text. Used by Combobox (a form's field: the place
// picker) and by the header's search box, which draw their own inputs.
import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { t } from '@/lib/i18n';
import './combobox.css';

export interface ComboboxOption {
  id: string;
  label: string;
  /** A second line in smaller print (e.g. the kind of place). */
  detail?: string;
}

interface UseComboboxProps {
  options: readonly ComboboxOption[];
  onValueChange: (text: string) => void;
  onPick: (option: ComboboxOption) => void;
}

export function useCombobox({ options, onValueChange, onPick }: UseComboboxProps) {
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

  /** Spread on the input. */
  const input = {
    role: 'combobox',
    autoComplete: 'off',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': shown,
    'aria-controls': listId,
    'aria-activedescendant': activeOption ? `${listId}-${active}` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onValueChange(event.target.value);
      setOpen(true);
      setActive(-1);
    },
    onKeyDown,
    onBlur: () => setOpen(false),
  };

  /** Right after the input, inside the element the list is placed under. */
  const list = (
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
  );

  /** What a screen reader is told of the list. */
  const announcement = (
    <span className="visually-hidden" aria-live="polite">
      {shown ? t('{count} suggestions', { count: options.length }) : ''}
    </span>
  );

  return { input, list, announcement };
}
