// The line under a listing's title that says when its provider works: "Open today
// 9:00 AM – 7:00 PM" or "Closed today · opens Monday 9:00 AM", from their weekly plan and days off as
// of today in Nairobi. Reckoned here from the plan rather than by the server, so that an answer kept
// by the browser or the offline store is still right the next day.
import { addDays, weekday } from '@/lib/dates';
import { formatTime, formatTimeRange } from '@/lib/format';
import { t } from '@/lib/i18n';
import { WEEK } from '@/lib/week';
import type { ListingProvider, WeekDay } from '@/types/api';

/** How far ahead a closed day looks for the next open one (beyond a week of days off, it says nothing). */
const LOOK_AHEAD_DAYS = 14;

/** The plan's day of a date and its name: WEEK starts on Monday, weekday() on Sunday. */
function dayOf(date: string): readonly [WeekDay, string] {
  return WEEK[(weekday(date) + 6) % 7] ?? WEEK[0]!;
}

type Plan = Pick<ListingProvider, 'hours' | 'daysOff'>;

function hoursOn(plan: Plan, date: string): [string, string][] {
  if (plan.daysOff.includes(date)) return [];
  return plan.hours[dayOf(date)[0]] ?? [];
}

/** The opening line for `today` ('YYYY-MM-DD', Nairobi), or '' for a provider who gave no hours. */
export function openingLine(plan: Plan, today: string): string {
  const hours = hoursOn(plan, today);
  if (hours.length > 0) {
    return t('Open today {hours}', { hours: hours.map(([from, to]) => formatTimeRange(from, to)).join(', ') });
  }
  for (let ahead = 1; ahead <= LOOK_AHEAD_DAYS; ahead += 1) {
    const date = addDays(today, ahead);
    const first = hoursOn(plan, date)[0];
    if (first) {
      const day = ahead === 1 ? t('tomorrow') : dayOf(date)[1];
      return t('Closed today · opens {day} {time}', { day, time: formatTime(first[0]) });
    }
  }
  return WEEK.some(([day]) => (plan.hours[day] ?? []).length > 0) ? t('Closed today') : '';
}
