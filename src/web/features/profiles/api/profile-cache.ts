import { useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '#domain/profile/profile-api';
import { ownProfileKey } from './own-profile';
import { profilePreviewKey } from './profile-preview';

/** After a profile call answers: the answer is the own profile now, and the preview is out of date. */
export function useStoreSavedProfile() {
  const queryClient = useQueryClient();
  return (profile: OwnProfile) => {
    queryClient.setQueryData(ownProfileKey, profile);
    void queryClient.invalidateQueries({ queryKey: profilePreviewKey });
  };
}
