// Where and when to find the Mtaani team: address, e-mail, phone, opening hours and the map.
import type { ReactNode } from 'react';
import { MailIcon, MapPinIcon, PhoneIcon } from '@/components/ui/icons';
import { ClockIcon } from '@/components/ui/page-icons';
import { OpeningHours } from '@/components/ui/opening-hours';
import { company } from '@/config/company';
import { t } from '@/lib/i18n';
import { OfficeMap } from './office-map';

const { address } = company;

export function OfficeDetails({ titleId }: { titleId: string }) {
  return (
    <section className="card contact-card office-details" aria-labelledby={titleId}>
      <h2 id={titleId} className="contact-card__title">
        {t('Visit our office')}
      </h2>
      <dl className="office-details__list">
        <Detail icon={<MapPinIcon />} term={t('Address')}>
          <address>
            {company.name}
            <br />
            {address.building}
            <br />
            {address.street}
            <br />
            {address.city}, {address.country}
          </address>
        </Detail>
        <Detail icon={<MailIcon />} term={t('Email')}>
          <a href={`mailto:${company.email}`}>{company.email}</a>
        </Detail>
        <Detail icon={<PhoneIcon />} term={t('Phone')}>
          <a href={company.phone.href}>{company.phone.label}</a>
        </Detail>
        <Detail icon={<ClockIcon />} term={t('Opening hours')}>
          <OpeningHours />
          <span className="office-details__note">{t('Nairobi time')}</span>
        </Detail>
      </dl>
      <OfficeMap />
    </section>
  );
}

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="office-details__item">
      <dt>
        <span className="office-details__icon">{icon}</span>
        {term}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
