/** Query keys of the messaging calls; the default query function GETs the joined key (spec §7). */
export const conversationsKey = ['/api/conversations'] as const;

/** GET /api/messages/{otherUserId}. */
export function threadKey(otherUserId: string) {
  return ['/api/messages', otherUserId] as const;
}

/** GET /api/user/{id}/info. */
export function otherUserInfoKey(otherUserId: string) {
  return ['/api/user', otherUserId, 'info'] as const;
}
