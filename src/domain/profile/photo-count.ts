/**
 * spec §4/§9: "2 photos", the one place the count is written. A profile holds this many, needs them to be active,
 * and matches see them. Its own module (profile.ts re-exports it) so that texts naming the count, such as the error
 * codes the web's first download carries, do not pull the profile schemas into every screen.
 */
export const PROFILE_PHOTOS = 2;
