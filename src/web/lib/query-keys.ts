/** Query keys more than one feature reads or refreshes. Messaging calls: the default query function GETs the joined key (spec §7). */
export const conversationsKey = ['/api/conversations'] as const;

/** GET /api/messages/{otherUserId}. */
export function threadKey(otherUserId: string) {
  return ['/api/messages', otherUserId] as const;
}

/** Every GET /api/user/{id}/info at once (the chaperone line they carry changed). */
export const otherUserInfoPrefix = ['/api/user'] as const;

/** GET /api/user/{id}/info. */
export function otherUserInfoKey(otherUserId: string) {
  return [...otherUserInfoPrefix, otherUserId, 'info'] as const;
}

/** GET /api/auth/user: who is signed in (features/auth), and the account language the screens show. */
export const currentUserKey = ['/api/auth/user'] as const;

/** GET /api/account/preferences (settings, push). */
export const preferencesKey = ['/api/account/preferences'] as const;

/** GET /api/volunteers: the approved volunteers (refreshed by the admin's approval too). */
export const publicVolunteersKey = ['/api/volunteers'] as const;
