// The days of the week as plans name them ('mon' … 'sun', Monday first), with their names in the
// build's language: the working-hours form, a provider's page and a listing's opening line.
import type { WeekDay } from '@/types/api';
import { t } from './i18n';

export const WEEK: readonly (readonly [WeekDay, string])[] = [
  ['mon', t('Monday')],
  ['tue', t('Tuesday')],
  ['wed', t('Wednesday')],
  ['thu', t('Thursday')],
  ['fri', t('Friday')],
  ['sat', t('Saturday')],
  ['sun', t('Sunday')],
];
