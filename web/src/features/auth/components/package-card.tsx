// One seller package as a card of the package picker: a native radio button, so arrow keys, Space and
// screen readers treat the three cards as one group with one choice.
import { StarIcon } from '@/components/ui/icons';
import { useId } from 'react';
import { buttonClass } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/page-icons';
import { formatKsh } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Package } from '@/types/api';
import { CheckList } from './check-list';
import '@/components/ui/badge.css';

interface PackageCardProps {
  sellerPackage: Package;
  /** The radio group's name. */
  group: string;
  selected: boolean;
  onChoose: (id: string) => void;
}

export function PackageCard({ sellerPackage, group, selected, onChoose }: PackageCardProps) {
  const id = useId();
  const nameId = `${id}-name`;
  const priceId = `${id}-price`;
  const featuresId = `${id}-features`;
  const classes = ['package-card', selected && 'package-card--selected', sellerPackage.recommended && 'package-card--recommended'];

  return (
    // A press anywhere on the card chooses it; keyboards and screen readers use the radio button.
    <div className={classes.filter(Boolean).join(' ')} onClick={() => onChoose(sellerPackage.id)}>
      {sellerPackage.recommended && (
        <p className="gold-badge package-card__badge">
          <StarIcon size={14} />
          {t('Recommended')}
        </p>
      )}
      <h2 id={nameId} className="package-card__name">
        {sellerPackage.name}
      </h2>
      <p id={priceId} className="package-card__price">
        <span className="package-card__amount">{formatKsh(sellerPackage.price)}</span>
        <span className="package-card__period">{t('/month')}</span>
      </p>
      <CheckList id={featuresId} items={sellerPackage.features} className="package-card__features" />
      <label
        className={buttonClass({
          variant: selected ? 'primary' : 'secondary',
          size: 'lg',
          block: true,
          className: 'package-card__choose',
        })}
      >
        <input
          type="radio"
          name={group}
          value={sellerPackage.id}
          checked={selected}
          onChange={() => onChoose(sellerPackage.id)}
          className="visually-hidden"
          aria-labelledby={nameId}
          aria-describedby={`${priceId} ${featuresId}`}
        />
        {selected && <CheckIcon size={20} />}
        <span aria-hidden="true">{selected ? t('Selected') : t('Choose {name}', { name: sellerPackage.name })}</span>
      </label>
    </div>
  );
}
