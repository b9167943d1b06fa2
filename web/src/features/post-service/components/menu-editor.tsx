// The listing form's service menu (issue 42): the seller adds services one row at a time, each with
// its name, price and length, and removes them or moves them up and down (buyers see them in this
// order). Its rules are validation.ts's; the form shows their messages at each row.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { ChevronDownIcon, CloseIcon, PlusIcon, WarningIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { lengthLabel } from '@/lib/lengths';
import {
  MAX_MENU_SERVICES,
  menuMessages,
  OPTION_LENGTHS,
  OPTION_NAME_LENGTH,
  type MenuField,
  type MenuMessages,
  type MenuRow,
  type MenuRowMessages,
} from '../validation';
import { SelectField } from './select-field';

/** The server's messages about a menu, each row's kept with the row (by its key) wherever it moves. */
export interface ServerMenuMessages {
  menu?: string;
  rows: Partial<Record<string, MenuRowMessages>>;
}

export const NO_SERVER_MENU_MESSAGES: ServerMenuMessages = { rows: {} };

/** The server's messages by the rows that were sent (its `options[i]` is `sent[i]`). */
export function serverMenuMessages(messages: MenuMessages, sent: readonly MenuRow[]): ServerMenuMessages {
  const rows: ServerMenuMessages['rows'] = {};
  sent.forEach((row, index) => {
    if (messages.rows[index]) rows[row.key] = messages.rows[index];
  });
  return { menu: messages.menu, rows };
}

/**
 * The server's messages that still hold once `before` became `after`: a row's field edited loses its
 * message (as the form's other fields do), a row removed its messages; the menu's own message goes
 * when the number of rows changes.
 */
export function keepUneditedMessages(
  messages: ServerMenuMessages,
  before: readonly MenuRow[],
  after: readonly MenuRow[],
): ServerMenuMessages {
  const previous = new Map(before.map((row) => [row.key, row]));
  const rows: ServerMenuMessages['rows'] = {};
  for (const row of after) {
    const was = previous.get(row.key);
    const found = messages.rows[row.key];
    if (!was || !found) continue;
    const kept = (Object.keys(found) as MenuField[]).filter((field) => was[field] === row[field]);
    if (kept.length > 0) rows[row.key] = Object.fromEntries(kept.map((field) => [field, found[field]]));
  }
  return { menu: after.length === before.length ? messages.menu : undefined, rows };
}

type Control = 'name' | 'up' | 'down' | 'remove';

// A new row's key: unique for the page's life, whatever mounts and unmounts (stored rows use their id).
let newRows = 0;

interface MenuEditorProps {
  rows: readonly MenuRow[];
  onChange: (rows: MenuRow[]) => void;
  /** Each row's messages, in the rows' order. */
  messages: readonly (MenuRowMessages | undefined)[];
  /** A message about the whole menu. */
  error?: string;
}

export function MenuEditor({ rows, onChange, messages, error }: MenuEditorProps) {
  const hintId = useId();
  const errorId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the rows have changed: the new row's name, the button pressed (moved
  // with its row), or after a removal the row that took its place (else the one before, else Add).
  const focusAfter = useRef<{ index: number; control: Control } | 'add' | null>(null);
  // What a screen reader hears once a row has moved or gone, which the focus alone does not say.
  const [said, setSaid] = useState('');

  useEffect(() => {
    const target = focusAfter.current;
    if (target === null) return;
    focusAfter.current = null;
    if (target === 'add') {
      addRef.current?.focus();
      return;
    }
    const row = listRef.current?.children[target.index];
    if (!row) return;
    if (target.control === 'name') {
      row.querySelector('input')?.focus();
      return;
    }
    // A row moved to an end has that way's button off: the other one keeps the focus.
    const other = target.control === 'up' ? 'down' : 'up';
    const button =
      row.querySelector<HTMLButtonElement>(`[data-control="${target.control}"]:not(:disabled)`) ??
      row.querySelector<HTMLButtonElement>(`[data-control="${other}"]`);
    button?.focus();
  });

  function edit(index: number, field: MenuField, value: string) {
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  }

  function add() {
    newRows += 1;
    focusAfter.current = { index: rows.length, control: 'name' };
    setSaid('');
    onChange([...rows, { key: `new-${newRows}`, name: '', priceKsh: '', durationMinutes: '' }]);
  }

  function remove(index: number) {
    const left = rows.filter((_, i) => i !== index);
    focusAfter.current = left.length === 0 ? 'add' : { index: Math.min(index, left.length - 1), control: 'remove' };
    setSaid(t('Service removed from the menu.'));
    onChange(left);
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    const moved = rows[index];
    const displaced = rows[to];
    if (!moved || !displaced) return;
    const next = [...rows];
    next[to] = moved;
    next[index] = displaced;
    focusAfter.current = { index: to, control: by < 0 ? 'up' : 'down' };
    setSaid(t('Moved to place {number} of {count}', { number: to + 1, count: rows.length }));
    onChange(next);
  }

  const full = rows.length >= MAX_MENU_SERVICES;

  return (
    <fieldset
      className="service-form__group menu-editor"
      aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
    >
      <legend className="field__label">{t('Service menu (optional)')}</legend>
      <p id={hintId} className="field__hint">
        {t(
          'Offer several services, each with its own price and length, in the order buyers should see them. With a menu, your price range comes from it.',
        )}
      </p>

      {rows.length > 0 && (
        <ol ref={listRef} className="menu-editor__rows" role="list">
          {rows.map((row, index) => {
            const number = index + 1;
            const found = messages[index];
            return (
              <li key={row.key} className="menu-editor__row">
                <div className="menu-editor__head">
                  {/* Each field's label says it too, for screen readers. */}
                  <p className="menu-editor__title" aria-hidden="true">
                    {t('Service {number}', { number })}
                  </p>
                  <div className="menu-editor__tools">
                    <RowTool
                      control="up"
                      label={t('Move service {number} up', { number })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ChevronDownIcon size={22} className="menu-editor__up" />
                    </RowTool>
                    <RowTool
                      control="down"
                      label={t('Move service {number} down', { number })}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ChevronDownIcon size={22} />
                    </RowTool>
                    <RowTool control="remove" label={t('Remove service {number}', { number })} onClick={() => remove(index)}>
                      <CloseIcon size={20} />
                    </RowTool>
                  </div>
                </div>
                <TextField
                  label={rowLabel(number, t('Name'))}
                  name={`options[${index}].name`}
                  autoComplete="off"
                  maxLength={OPTION_NAME_LENGTH.max}
                  placeholder={t('e.g. Knotless, shoulder length')}
                  value={row.name}
                  error={found?.name}
                  onChange={(event) => edit(index, 'name', event.target.value)}
                />
                <div className="service-form__pair">
                  <TextField
                    label={rowLabel(number, t('Price (Ksh)'))}
                    name={`options[${index}].priceKsh`}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder={t('e.g. 2500')}
                    value={row.priceKsh}
                    error={found?.priceKsh}
                    onChange={(event) => edit(index, 'priceKsh', event.target.value)}
                  />
                  <SelectField
                    label={rowLabel(number, t('Length'))}
                    name={`options[${index}].durationMinutes`}
                    placeholder={t('Choose how long it takes')}
                    value={row.durationMinutes}
                    error={found?.durationMinutes}
                    onChange={(event) => edit(index, 'durationMinutes', event.target.value)}
                  >
                    {OPTION_LENGTHS.map((minutes) => (
                      <option key={minutes} value={String(minutes)}>
                        {lengthLabel(minutes)}
                      </option>
                    ))}
                  </SelectField>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {error && (
        <p id={errorId} className="field__error">
          <WarningIcon size={16} />
          {error}
        </p>
      )}
      {full ? (
        <p className="field__hint">{menuMessages.tooMany}</p>
      ) : (
        <button ref={addRef} type="button" className={buttonClass({ variant: 'secondary', className: 'menu-editor__add' })} onClick={add}>
          <PlusIcon size={20} />
          {t('Add a service')}
        </button>
      )}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </fieldset>
  );
}

interface RowToolProps {
  control: Exclude<Control, 'name'>;
  /** What it does to which row: the icon alone says nothing to a screen reader. */
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** One of a row's icon buttons, a 44 px target; `data-control` is how the focus finds it again after a change. */
function RowTool({ control, label, disabled, onClick, children }: RowToolProps) {
  return (
    <button
      type="button"
      className="quiet-icon-button menu-editor__tool"
      data-control={control}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A row's field label: what it is, after the row's number that only screen readers read ('Service 2: Price (Ksh)'). */
function rowLabel(number: number, text: string): ReactNode {
  return (
    <>
      <span className="visually-hidden">{t('Service {number}', { number })}: </span>
      {text}
    </>
  );
}
