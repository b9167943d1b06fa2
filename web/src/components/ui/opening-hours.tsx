// Mtaani's opening hours, 'Mon–Sat 8:00 AM – 6:00 PM' ('Jumatatu–Jumamosi 08:00 – 18:00'), breaking only between the days and the times.
import { company } from '@/config/company';

export function OpeningHours() {
  return (
    <>
      <span className="nowrap">{company.hours.days}</span> <span className="nowrap">{company.hours.times}</span>
    </>
  );
}
