/** How a coordinator met the member they verify. Apart, with no imports: auth.ts and the schema read it. */
export const verificationMethods = ['in-person', 'video-call'] as const;
export type VerificationMethod = (typeof verificationMethods)[number];
