// The booking dialog's first step for a listing with a service menu: one or more of its
// services, each with its length and price, and what the chosen ones come to together. The free days
// and times follow once at least one is chosen.
import { useId } from 'react';
import { formatKsh } from '@/lib/format';
import { t } from '@/lib/i18n';
import { lengthLabel } from '@/lib/lengths';
import type { ServiceOption } from '@/types/api';
import { chosenServices, priceAndLength, totalOf } from '../menu';

export const CHOOSE_A_SERVICE = t('Choose at least one service to see the free days and times.');

interface OptionsStepProps {
  menu: readonly ServiceOption[];
  /** The ids chosen, in the order chosen (the order the services are done in). */
  value: readonly string[];
  onChange: (ids: string[]) => void;
}

export function OptionsStep({ menu, value, onChange }: OptionsStepProps) {
  const hintId = useId();
  const chosen = chosenServices(menu, value);
  const total = totalOf(chosen);
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((other) => other !== id) : [...value, id]);

  return (
    <fieldset className="booking-step" aria-describedby={hintId}>
      <legend className="booking-dialog__step-title booking-step__legend">{t('Choose your services')}</legend>
      <p id={hintId} className="booking-step__hint">
        {t('Choose one or more. They are done one after the other.')}
      </p>
      <ul className="plain-list booking-options">
        {menu.map((option) => (
          <li key={option.id}>
            <label className="booking-option">
              <input
                type="checkbox"
                className="checkbox__input booking-option__input"
                checked={value.includes(option.id)}
                onChange={() => toggle(option.id)}
              />
              <span className="booking-option__name">{option.name}</span>{' '}
              <span className="booking-option__length">{lengthLabel(option.durationMinutes)}</span>{' '}
              <span className="booking-option__price">{formatKsh(option.priceKsh)}</span>
            </label>
          </li>
        ))}
      </ul>
      {/* Said when it changes: what the services chosen come to, or that one is needed to go on. */}
      <p className={`booking-step__total${chosen.length === 0 ? ' booking-step__total--none' : ''}`} role="status">
        {chosen.length > 0 ? t('Total: {price}', { price: priceAndLength(total.priceKsh, total.durationMinutes) }) : CHOOSE_A_SERVICE}
      </p>
    </fieldset>
  );
}
