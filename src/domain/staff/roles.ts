/**
 * Roles an admin grants to member accounts: coordinators propose introductions, elders review them.
 * The shared admin password stays the bootstrap and the ministry's own admin work; it is not a role.
 */
export const memberRoles = ['coordinator', 'elder'] as const;
export type MemberRole = (typeof memberRoles)[number];
