import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { Route, Router, Switch } from 'wouter';
import type { Language } from '#domain/language/language';
import { AppLayout } from './app-layout';
import { ToasterOnDemand } from '#web/components/ui/toaster-on-demand';
import { ChosenHeightUnit } from '#web/components/person/height';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { DocumentTitle } from '#web/features/document-title/components/document-title';
import { LanguageProvider } from '#web/features/language/components/language-provider';
import { LiveEventsProvider } from './live-events-provider';
import { createQueryClient } from '#web/lib/query-client';
import { seedInitialQueries, type InitialQueries } from './initial-queries';
import { lazyPage, withScreenTexts } from './lazy-page';
import { RequireSignIn } from './require-sign-in';

// Every screen is its own chunk (one line each; docs/architecture.md, "Adding a screen").
const AdminLoginPage = lazyPage(() => import('#web/pages/admin-login-page'), 'AdminLoginPage');
// Staff and verification screens bring their words with them (i18n/screen-texts.ts): not in the first download.
const AdminPage = lazyPage(() => withScreenTexts(import('#web/pages/admin-page')), 'AdminPage');
const BrowsePage = lazyPage(() => import('#web/pages/browse-page'), 'BrowsePage');
const ConversationPage = lazyPage(() => import('#web/pages/conversation-page'), 'ConversationPage');
const DonationGuidePage = lazyPage(() => import('#web/pages/donation-guide-page'), 'DonationGuidePage');
const ForgotPasswordPage = lazyPage(() => import('#web/pages/forgot-password-page'), 'ForgotPasswordPage');
const GuidancePage = lazyPage(() => import('#web/pages/guidance-page'), 'GuidancePage');
const LandingPage = lazyPage(() => import('#web/pages/landing-page'), 'LandingPage');
const LoginPage = lazyPage(() => import('#web/pages/login-page'), 'LoginPage');
const MatchPage = lazyPage(() => import('#web/pages/match-page'), 'MatchPage');
const MessagesPage = lazyPage(() => import('#web/pages/messages-page'), 'MessagesPage');
const NotFoundPage = lazyPage(() => import('#web/pages/not-found-page'), 'NotFoundPage');
// The profile form's birth details (issue 52) bring their words too.
const ProfilePage = lazyPage(() => withScreenTexts(import('#web/pages/profile-page')), 'ProfilePage');
const ProfilePhotosPage = lazyPage(() => import('#web/pages/profile-photos-page'), 'ProfilePhotosPage');
const ProfilePreviewPage = lazyPage(() => import('#web/pages/profile-preview-page'), 'ProfilePreviewPage');
const ResetPasswordPage = lazyPage(() => import('#web/pages/reset-password-page'), 'ResetPasswordPage');
const VolunteerApplyPage = lazyPage(() => import('#web/pages/volunteer-apply-page'), 'VolunteerApplyPage');
const VolunteerProfilePage = lazyPage(() => import('#web/pages/volunteer-profile-page'), 'VolunteerProfilePage');
const BlockedPeoplePage = lazyPage(() => import('#web/pages/blocked-people-page'), 'BlockedPeoplePage');
const CoordinatorOutcomesPage = lazyPage(() => withScreenTexts(import('#web/pages/coordinator-outcomes-page')), 'CoordinatorOutcomesPage');
const HiddenMessagesPage = lazyPage(() => import('#web/pages/hidden-messages-page'), 'HiddenMessagesPage');
const PrivacyPage = lazyPage(() => import('#web/pages/privacy-page'), 'PrivacyPage');
const IntroductionsPage = lazyPage(() => withScreenTexts(import('#web/pages/introductions-page')), 'IntroductionsPage');
const CoordinatorPage = lazyPage(() => withScreenTexts(import('#web/pages/coordinator-page')), 'CoordinatorPage');
const CoordinatorMemberPage = lazyPage(() => withScreenTexts(import('#web/pages/coordinator-member-page')), 'CoordinatorMemberPage');
const EldersPage = lazyPage(() => withScreenTexts(import('#web/pages/elders-page')), 'EldersPage');
const SettingsPage = lazyPage(() => import('#web/pages/settings-page'), 'SettingsPage');
const UnsubscribePage = lazyPage(() => import('#web/pages/unsubscribe-page'), 'UnsubscribePage');
const CancelEmailChangePage = lazyPage(() => import('#web/pages/cancel-email-change-page'), 'CancelEmailChangePage');
const AccountDeletedPage = lazyPage(() => import('#web/pages/account-deleted-page'), 'AccountDeletedPage');
const VerifyEmailPage = lazyPage(() => import('#web/pages/verify-email-page'), 'VerifyEmailPage');
const JoinTeamPage = lazyPage(() => import('#web/pages/join-team-page'), 'JoinTeamPage');
const GuardianInvitationPage = lazyPage(() => import('#web/pages/guardian-invitation-page'), 'GuardianInvitationPage');
const GuardingPage = lazyPage(() => import('#web/pages/guarding-page'), 'GuardingPage');
const ReferencesPage = lazyPage(() => import('#web/pages/references-page'), 'ReferencesPage');
const ReferencePage = lazyPage(() => import('#web/pages/reference-page'), 'ReferencePage');
const VerificationPage = lazyPage(() => withScreenTexts(import('#web/pages/verification-page')), 'VerificationPage');
const SelfieReviewPage = lazyPage(() => withScreenTexts(import('#web/pages/selfie-review-page')), 'SelfieReviewPage');

/** The routes of spec §2; screens that need a session sit inside RequireSignIn. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/about" component={LandingPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/donation-guide" component={DonationGuidePage} />
      <Route path="/profile">
        <RequireSignIn area="profile">
          <ProfilePage />
        </RequireSignIn>
      </Route>
      <Route path="/profile/photos">
        <RequireSignIn area="profile">
          <ProfilePhotosPage />
        </RequireSignIn>
      </Route>
      <Route path="/profile/preview">
        <RequireSignIn area="profile">
          <ProfilePreviewPage />
        </RequireSignIn>
      </Route>
      <Route path="/profile/blocked">
        <RequireSignIn area="profile">
          <BlockedPeoplePage />
        </RequireSignIn>
      </Route>
      <Route path="/profile/references">
        <RequireSignIn area="profile">
          <ReferencesPage />
        </RequireSignIn>
      </Route>
      <Route path="/profile/verification">
        <RequireSignIn area="profile">
          <VerificationPage />
        </RequireSignIn>
      </Route>
      <Route path="/reference/:token" component={ReferencePage} />
      <Route path="/privacy" component={PrivacyPage} />
      <Route path="/browse">
        <RequireSignIn area="browse">
          <BrowsePage />
        </RequireSignIn>
      </Route>
      <Route path="/match/:id">
        <RequireSignIn area="match">
          <MatchPage />
        </RequireSignIn>
      </Route>
      <Route path="/messages">
        <RequireSignIn area="messages">
          <MessagesPage />
        </RequireSignIn>
      </Route>
      <Route path="/messages/hidden">
        <RequireSignIn area="messages">
          <HiddenMessagesPage />
        </RequireSignIn>
      </Route>
      <Route path="/conversation/:otherUserId">
        <RequireSignIn area="messages">
          <ConversationPage />
        </RequireSignIn>
      </Route>
      <Route path="/introductions">
        <RequireSignIn area="introductions">
          <IntroductionsPage />
        </RequireSignIn>
      </Route>
      <Route path="/coordinator">
        <RequireSignIn area="introductions">
          <CoordinatorPage />
        </RequireSignIn>
      </Route>
      <Route path="/coordinator/outcomes">
        <RequireSignIn area="introductions">
          <CoordinatorOutcomesPage />
        </RequireSignIn>
      </Route>
      <Route path="/coordinator/selfies">
        <RequireSignIn area="introductions">
          <SelfieReviewPage />
        </RequireSignIn>
      </Route>
      <Route path="/coordinator/members/:userId">
        <RequireSignIn area="introductions">
          <CoordinatorMemberPage />
        </RequireSignIn>
      </Route>
      <Route path="/elders">
        <RequireSignIn area="introductions">
          <EldersPage />
        </RequireSignIn>
      </Route>
      <Route path="/guidance" component={GuidancePage} />
      <Route path="/volunteer-apply">
        <RequireSignIn area="volunteerApply">
          <VolunteerApplyPage />
        </RequireSignIn>
      </Route>
      <Route path="/volunteer-profile">
        <RequireSignIn area="volunteerProfile">
          <VolunteerProfilePage />
        </RequireSignIn>
      </Route>
      <Route path="/settings">
        <RequireSignIn area="settings">
          <SettingsPage />
        </RequireSignIn>
      </Route>
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/join-team" component={JoinTeamPage} />
      <Route path="/guardian-invitation" component={GuardianInvitationPage} />
      <Route path="/guarding">
        <RequireSignIn area="introductions">
          <GuardingPage />
        </RequireSignIn>
      </Route>
      <Route path="/guarding/:memberUserId">
        <RequireSignIn area="introductions">
          <GuardingPage />
        </RequireSignIn>
      </Route>
      <Route path="/guarding/:memberUserId/conversation/:otherUserId">
        <RequireSignIn area="introductions">
          <GuardingPage />
        </RequireSignIn>
      </Route>
      <Route path="/unsubscribe" component={UnsubscribePage} />
      <Route path="/cancel-email-change" component={CancelEmailChangePage} />
      <Route path="/account-deleted" component={AccountDeletedPage} />
      <Route path="/admin-login" component={AdminLoginPage} />
      <Route path="/admin" component={AdminPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** What a render on the server (web/prerender.tsx) fixes that the browser would otherwise read for itself. */
export interface ServerRender {
  path: string;
  language: Language;
}

export type { InitialQueries };

/**
 * `liveEventsFrom`: where a member page rendered on the server read its answers (its `data-last-event-id`): the
 * event stream starts from there, so what was sent while the page loaded is not missed.
 */
export function App({ serverRender, initialQueries, liveEventsFrom }: { serverRender?: ServerRender; initialQueries?: InitialQueries; liveEventsFrom?: string } = {}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The query key is the API path (lib/query-client.ts), so the server's render and the hydrating browser
    // start from the same answer: the same markup, and no second request for it.
    seedInitialQueries(client, initialQueries);
    return client;
  });
  const app = (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider initialLanguage={serverRender?.language}>
        <LiveEventsProvider resumeFrom={liveEventsFrom}>
          <DocumentTitle />
          <HeightUnitOfAccount>
            <AppLayout>
              {/* Nothing while a screen's chunk arrives (tens of ms): a "Loading" line would flash on every navigation. */}
              <Suspense fallback={null}>
                <AppRoutes />
              </Suspense>
            </AppLayout>
          </HeightUnitOfAccount>
        </LiveEventsProvider>
        <ToasterOnDemand />
      </LanguageProvider>
    </QueryClientProvider>
  );
  return serverRender ? <Router ssrPath={serverRender.path}>{app}</Router> : app;
}

/** Heights in the units the signed-in member chose in Settings (components/person/height.ts). */
function HeightUnitOfAccount({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return <ChosenHeightUnit value={user?.heightUnit ?? null}>{children}</ChosenHeightUnit>;
}
