import { useQuery } from '@tanstack/react-query';
import type { PublicVolunteer } from '../../../../domain/volunteer';

export const publicVolunteersKey = ['/api/volunteers'] as const;

/** GET /api/volunteers (public): approved volunteers that have a photo. */
export function usePublicVolunteers() {
  return useQuery<PublicVolunteer[]>({ queryKey: publicVolunteersKey });
}
