// GET, POST /api/account/team and PUT, DELETE /api/account/team/{memberId} (bearer token, sellers): the
// provider's team. A change that stops a member taking bookings while they have upcoming
// ones is refused (409 member_has_bookings) until it says what becomes of them: `then`.
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { useRequest } from '@/lib/use-request';
import type { TeamMember, TeamMemberInput, TeamRemoval } from '@/types/api';

/** What becomes of a member's upcoming bookings: moved to `moveTo` (or to anyone free then), or cancelled. */
export type UpcomingBookings = { then: 'move'; moveTo?: string } | { then: 'cancel' };

export async function getTeam(signal?: AbortSignal): Promise<TeamMember[]> {
  const response = await api.get<TeamMember[]>('/api/account/team', { signal });
  return response.data;
}

export async function addTeamMember(member: TeamMemberInput): Promise<TeamMember> {
  const response = await api.post<TeamMember>('/api/account/team', member);
  return response.data;
}

export async function saveTeamMember(id: string, member: TeamMemberInput, upcoming?: UpcomingBookings): Promise<TeamMember> {
  const response = await api.put<TeamMember>(`/api/account/team/${encodeURIComponent(id)}`, member, { params: upcoming });
  return response.data;
}

export async function removeTeamMember(id: string, upcoming?: UpcomingBookings): Promise<TeamRemoval> {
  const response = await api.delete<TeamRemoval>(`/api/account/team/${encodeURIComponent(id)}`, { params: upcoming });
  return response.data;
}

/** A member as the form sends them back: everything the list has of them (their photo left out: kept). */
export function memberInput(member: TeamMember): TeamMemberInput {
  return {
    name: member.name,
    phone: member.phone ?? '',
    listingIds: member.listingIds,
    weekly: member.weekly ?? null,
    daysOff: member.daysOff ?? [],
    active: member.active,
  };
}

/**
 * The team as loaded, with the changes made on this page since (a member added, saved or removed):
 * one list for every section that shows it (the team, the team's day, the working hours' note).
 */
export function useTeam() {
  const query = useRequest(getTeam, 'Failed to load the team');
  const [changed, setChanged] = useState<TeamMember[] | null>(null);
  const members = changed ?? (query.status === 'success' ? query.data : null);
  return {
    query,
    /** null while loading or failed. */
    members,
    saved: (member: TeamMember) =>
      setChanged((current) => {
        const list = current ?? members ?? [];
        return list.some((m) => m.id === member.id) ? list.map((m) => (m.id === member.id ? member : m)) : [...list, member];
      }),
    removed: (id: string) => setChanged((current) => (current ?? members ?? []).filter((m) => m.id !== id)),
  };
}

export type Team = ReturnType<typeof useTeam>;
