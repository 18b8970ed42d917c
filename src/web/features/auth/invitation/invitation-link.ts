import { useQuery } from '@tanstack/react-query';
import type { GuardianInvitationView } from '#domain/introductions/guardians';
import type { TeamInvitationOffer } from '#domain/staff/team';
import { apiRequest } from '#web/lib/api';

/** The two invitation pages a mailed link opens; each sends a visitor through sign-up and back (returnTo). */
const invitationPages = { '/join-team': 'team', '/guardian-invitation': 'guardian' } as const;
export type InvitationKind = (typeof invitationPages)[keyof typeof invitationPages];

/** The invitation a same-site path names (`/join-team?token=…`, `/guardian-invitation?token=…`), else null. */
export function invitationOfPath(path: string): { kind: InvitationKind; token: string } | null {
  const url = new URL(path, 'https://sanga.invalid');
  const kind = invitationPages[url.pathname as keyof typeof invitationPages];
  const token = url.searchParams.get('token');
  return kind && token ? { kind, token } : null;
}

export type InvitationForSignUp =
  | { kind: 'team'; email: string; role: TeamInvitationOffer['role'] }
  | { kind: 'guardian'; email: string; memberFirstName: string | null };

/**
 * What the sign-up page reached from an invitation says and fills in: the address the link was mailed to, and who
 * invites the person to what. The same queries (keys and requests) as the invitation pages, so the answer they read
 * a moment before is reused; a link that cannot be taken leaves the plain sign-up page.
 */
export function useInvitationForSignUp(returnTo: string, enabled: boolean): InvitationForSignUp | null {
  const invitation = enabled ? invitationOfPath(returnTo) : null;
  const token = encodeURIComponent(invitation?.token ?? '');
  const team = useQuery({
    queryKey: ['/api/team/invitations', invitation?.token ?? ''],
    queryFn: () => apiRequest<TeamInvitationOffer>('GET', `/api/team/invitations/${token}`),
    enabled: invitation?.kind === 'team',
    retry: false,
  });
  const guardianPath = `/api/guardian-invitations/${token}`;
  const guardian = useQuery({
    queryKey: [guardianPath],
    queryFn: () => apiRequest<GuardianInvitationView>('GET', guardianPath),
    enabled: invitation?.kind === 'guardian',
    retry: false,
  });
  if (invitation?.kind === 'team' && team.data) return { kind: 'team', email: team.data.email, role: team.data.role };
  if (invitation?.kind === 'guardian' && guardian.data) return { kind: 'guardian', email: guardian.data.email, memberFirstName: guardian.data.memberFirstName };
  return null;
}
