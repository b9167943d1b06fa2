// The booking dialog's step for a provider with a team: "Choose a stylist", anyone
// available (the first, and where it starts) or one of the members who do the listing.
import { useId } from 'react';
import { MemberLabel } from '@/components/ui/avatar';
import { t } from '@/lib/i18n';
import type { TeamMember } from '@/types/api';

interface MemberStepProps {
  team: readonly TeamMember[];
  /** The member chosen; '' for anyone available. */
  value: string;
  onChange: (memberId: string) => void;
}

export function MemberStep({ team, value, onChange }: MemberStepProps) {
  const name = useId();
  const choices = [{ id: '', name: null, photo: null }, ...team];
  return (
    <fieldset className="booking-step">
      <legend className="booking-dialog__step-title booking-step__legend">{t('Choose a stylist')}</legend>
      <ul className="plain-list booking-members">
        {choices.map((member) => (
          <li key={member.id}>
            <label className="booking-member">
              <input
                type="radio"
                className="booking-member__input"
                name={name}
                value={member.id}
                checked={member.id === value}
                onChange={() => onChange(member.id)}
              />
              <MemberLabel name={member.name} photo={member.photo} className="booking-member__name" />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
