// A listing's service menu on its page: each service with its length and price, in the
// provider's order; the listing's price range above it runs from the cheapest to the dearest.
import { useId } from 'react';
import { formatKsh } from '@/lib/format';
import { t } from '@/lib/i18n';
import { lengthLabel } from '@/lib/lengths';
import type { ServiceOption } from '@/types/api';

export function ServiceMenu({ options, className }: { options: readonly ServiceOption[]; className?: string }) {
  const titleId = useId();
  return (
    <section className={['service-menu', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className="service-menu__title">
        {t('Service menu')}
      </h2>
      <ul className="service-menu__list" role="list">
        {options.map((option) => (
          // The spaces between the parts are what a screen reader pauses on.
          <li key={option.id} className="service-menu__item">
            <span className="service-menu__name">{option.name}</span>{' '}
            <span className="service-menu__length">{lengthLabel(option.durationMinutes)}</span>{' '}
            <span className="service-menu__price">{formatKsh(option.priceKsh)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
