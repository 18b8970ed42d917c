import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { Route, Switch } from 'wouter';
import { AppLayout } from './app-layout';
import { Toaster } from '../components/ui/toaster';
import { DocumentTitle } from '../features/document-title/document-title';
import { LanguageProvider } from '../features/language/language-provider';
import { LiveEventsProvider } from '../features/messages/live-events';
import { createQueryClient } from '../lib/query-client';
import { AdminLoginPage } from '../pages/admin-login-page';
import { AdminPage } from '../pages/admin-page';
import { BrowsePage } from '../pages/browse-page';
import { ConversationPage } from '../pages/conversation-page';
import { DonationGuidePage } from '../pages/donation-guide-page';
import { ForgotPasswordPage } from '../pages/forgot-password-page';
import { GuidancePage } from '../pages/guidance-page';
import { LandingPage } from '../pages/landing-page';
import { LoginPage } from '../pages/login-page';
import { MatchPage } from '../pages/match-page';
import { MessagesPage } from '../pages/messages-page';
import { NotFoundPage } from '../pages/not-found-page';
import { ProfilePage } from '../pages/profile-page';
import { ProfilePhotosPage } from '../pages/profile-photos-page';
import { ProfilePreviewPage } from '../pages/profile-preview-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { SettingsPage } from '../pages/settings-page';
import { UnsubscribePage } from '../pages/unsubscribe-page';
import { VerifyEmailPage } from '../pages/verify-email-page';
import { VolunteerApplyPage } from '../pages/volunteer-apply-page';
import { VolunteerProfilePage } from '../pages/volunteer-profile-page';
import { RequireSignIn } from './require-sign-in';

/** Spec §9: tooltip delay 700 ms, skip delay 300 ms. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

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
      <Route path="/conversation/:otherUserId">
        <RequireSignIn area="messages">
          <ConversationPage />
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
      <Route path="/unsubscribe" component={UnsubscribePage} />
      <Route path="/admin-login" component={AdminLoginPage} />
      <Route path="/admin" component={AdminPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
          <LiveEventsProvider>
            <DocumentTitle />
            <AppLayout>
              <AppRoutes />
            </AppLayout>
          </LiveEventsProvider>
          <Toaster />
        </Tooltip.Provider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
