// How long a service takes, as every screen says it: the listing form's choices, a listing's menu.
import { upperFirst } from './format';
import { t } from './i18n';

/** 90 as "1 hour 30 minutes", 600 as "10 hours". */
export function lengthLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return rest === 0 ? '' : t('{minutes} minutes', { minutes: rest });
  if (rest === 0) return hours === 1 ? upperFirst(t('1 hour')) : t('{hours} hours', { hours });
  return hours === 1
    ? t('1 hour {minutes} minutes', { minutes: rest })
    : t('{hours} hours {minutes} minutes', { hours, minutes: rest });
}
