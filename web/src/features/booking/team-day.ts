// A provider's day per member of the team: the bookings that hold time that day, each
// member's in time order, grouped as the "Team day" shows them.
import { clockMinutes } from '@/lib/format';
import type { Appointment, BookedMember, TeamMember } from '@/types/api';

export interface DayColumn {
  /** null: the bookings nobody serves yet. Their photo while they are in the team. */
  member: (BookedMember & Pick<TeamMember, 'photo'>) | null;
  /** Paused, or no longer in the team (their bookings of the day still show under them). */
  standing: 'active' | 'paused' | 'gone';
  bookings: Appointment[];
}

/** Waiting for the provider's reply, or confirmed: the bookings someone serves. */
const holdsTime = (appointment: Appointment) => appointment.status === 'requested' || appointment.status === 'confirmed';

const byStart = (a: Appointment, b: Appointment) => clockMinutes(a.time) - clockMinutes(b.time) || a.name.localeCompare(b.name);

const columnMember = ({ id, name, photo }: TeamMember): DayColumn['member'] => ({ id, name, photo: photo ?? null });

/**
 * One column per active member in the team's order (also with no booking that day), then any other
 * member who has bookings that day (paused, or removed since), then those without a member, if any.
 */
export function dayColumns(appointments: readonly Appointment[], members: readonly TeamMember[], date: string): DayColumn[] {
  const columns = new Map<string, DayColumn>();
  for (const member of members) {
    if (member.active) columns.set(member.id, { member: columnMember(member), standing: 'active', bookings: [] });
  }
  const unassigned: Appointment[] = [];
  for (const appointment of [...appointments].filter((a) => a.date === date && holdsTime(a)).sort(byStart)) {
    const served = appointment.member;
    if (!served) {
      unassigned.push(appointment);
      continue;
    }
    let column = columns.get(served.id);
    if (!column) {
      const member = members.find((m) => m.id === served.id);
      column = { member: member ? columnMember(member) : served, standing: member ? 'paused' : 'gone', bookings: [] };
      columns.set(served.id, column);
    }
    column.bookings.push(appointment);
  }
  const result = [...columns.values()];
  if (unassigned.length > 0) result.push({ member: null, standing: 'active', bookings: unassigned });
  return result;
}
