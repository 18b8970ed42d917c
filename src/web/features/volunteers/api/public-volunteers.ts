import { useQuery } from '@tanstack/react-query';
import type { PublicVolunteer } from '#domain/volunteers/volunteer';
import { publicVolunteersKey } from '#web/lib/query-keys';

/** GET /api/volunteers (public): approved volunteers that have a photo. */
export function usePublicVolunteers() {
  return useQuery<PublicVolunteer[]>({ queryKey: publicVolunteersKey });
}
