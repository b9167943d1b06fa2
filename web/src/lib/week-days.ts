// The days of a provider's week, Monday first, with their names: the provider's page shows the hours
// and the working-hours form sets them (features/providers, features/booking).
import type { WeekDay } from '@/types/api';
import { t } from './i18n';

export const WEEK_DAYS: readonly (readonly [WeekDay, string])[] = [
  ['mon', t('Monday')],
  ['tue', t('Tuesday')],
  ['wed', t('Wednesday')],
  ['thu', t('Thursday')],
  ['fri', t('Friday')],
  ['sat', t('Saturday')],
  ['sun', t('Sunday')],
];
