// A booking's services from the listing's menu and what they cost together ('Wash, Knotless braids ·
// Total: Ksh 4,500'), in the provider's list and the team's day. Nothing for a booking of the
// listing as one service.
import { formatKsh } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Appointment } from '@/types/api';
import './booked-services.css';

export function BookedServices({ appointment }: { appointment: Pick<Appointment, 'options' | 'totalKsh'> }) {
  const { options, totalKsh } = appointment;
  if (options.length === 0 && totalKsh == null) return null;
  return (
    <p className="booked-services">
      {options.length > 0 && <span>{options.map((option) => option.name).join(', ')}</span>}
      {totalKsh != null && (
        <strong className="booked-services__total">{t('Total: {amount}', { amount: formatKsh(totalKsh) })}</strong>
      )}
    </p>
  );
}
