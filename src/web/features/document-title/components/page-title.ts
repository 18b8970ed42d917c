/** The title key of each screen, by path (wouter's patterns are simple enough to match by prefix here). */
export type PageTitleKey =
  | 'home'
  | 'signIn'
  | 'signUp'
  | 'forgotPassword'
  | 'resetPassword'
  | 'donationGuide'
  | 'profile'
  | 'photos'
  | 'preview'
  | 'browse'
  | 'match'
  | 'messages'
  | 'conversation'
  | 'introductions'
  | 'coordinator'
  | 'coordinatorMember'
  | 'elders'
  | 'guidance'
  | 'volunteerApply'
  | 'volunteerProfile'
  | 'adminLogin'
  | 'admin'
  | 'privacy'
  | 'blocked'
  | 'hiddenMessages'
  | 'outcomes'
  | 'settings'
  | 'verifyEmail'
  | 'joinTeam'
  | 'guarding'
  | 'guardianInvitation'
  | 'references'
  | 'reference'
  | 'verification'
  | 'selfieReview'
  | 'unsubscribe'
  | 'cancelEmailChange'
  | 'accountDeleted'
  | 'notFound';

const exact: Record<string, PageTitleKey> = {
  '/': 'home',
  '/about': 'home',
  '/login': 'signIn',
  '/forgot-password': 'forgotPassword',
  '/reset-password': 'resetPassword',
  '/donation-guide': 'donationGuide',
  '/profile': 'profile',
  '/profile/photos': 'photos',
  '/profile/preview': 'preview',
  '/profile/blocked': 'blocked',
  '/profile/references': 'references',
  '/profile/verification': 'verification',
  '/coordinator/selfies': 'selfieReview',
  '/privacy': 'privacy',
  '/browse': 'browse',
  '/messages': 'messages',
  '/messages/hidden': 'hiddenMessages',
  '/introductions': 'introductions',
  '/coordinator': 'coordinator',
  '/coordinator/outcomes': 'outcomes',
  '/elders': 'elders',
  '/guidance': 'guidance',
  '/volunteer-apply': 'volunteerApply',
  '/volunteer-profile': 'volunteerProfile',
  '/admin-login': 'adminLogin',
  '/admin': 'admin',
  '/settings': 'settings',
  '/verify-email': 'verifyEmail',
  '/join-team': 'joinTeam',
  '/guarding': 'guarding',
  '/guardian-invitation': 'guardianInvitation',
  '/unsubscribe': 'unsubscribe',
  '/cancel-email-change': 'cancelEmailChange',
  '/account-deleted': 'accountDeleted',
};

export function pageTitleKey(path: string, search = ''): PageTitleKey {
  // One route, two forms: sign-up is named as such in the tab.
  if (path === '/login' && new URLSearchParams(search).get('mode') === 'signup') return 'signUp';
  const found = exact[path];
  if (found) return found;
  if (/^\/match\/[^/]+$/.test(path)) return 'match';
  if (/^\/conversation\/[^/]+$/.test(path)) return 'conversation';
  if (/^\/coordinator\/members\/[^/]+$/.test(path)) return 'coordinatorMember';
  if (/^\/guarding\/[^/]+(\/conversation\/[^/]+)?$/.test(path)) return 'guarding';
  if (/^\/reference\/[^/]+$/.test(path)) return 'reference';
  return 'notFound';
}

/** "Browse Matches · Sanga"; the home page is the app's name alone. */
export function documentTitle(page: string, appName: string, key: PageTitleKey): string {
  return key === 'home' ? appName : `${page} · ${appName}`;
}
