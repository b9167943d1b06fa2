// Mtaani's own details: shown in the footer, on /contact and in the legal pages.
import { formatTimeRange } from '@/lib/format';
import { t } from '@/lib/i18n';

export const company = {
  name: 'Mtaani',
  email: 'hello@mtaani.co.ke',
  privacyEmail: 'privacy@mtaani.co.ke',
  phone: { label: '+254 709 000 000', href: 'tel:+254709000000' },
  address: {
    building: 'Kilimani Business Centre',
    street: 'Argwings Kodhek Road',
    city: 'Nairobi',
    country: 'Kenya',
  },
  /** Opening hours, in Nairobi time. */
  hours: { days: t('Mon–Sat'), times: formatTimeRange('08:00', '18:00') },
  office: {
    latitude: -1.2921,
    longitude: 36.7856,
    /** The office on OpenStreetMap; the map on /contact is a drawing and needs no network. */
    mapUrl: 'https://www.openstreetmap.org/?mlat=-1.2921&mlon=36.7856#map=16/-1.2921/36.7856',
  },
} as const;
