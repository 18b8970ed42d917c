import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { Route, Switch } from 'wouter';
import { AppLayout } from './components/layout/app-layout';
import { Toaster } from './components/ui/toaster';
import { DocumentTitle } from './features/document-title/document-title';
import { LanguageProvider } from './features/language/language-provider';
import { LiveEventsProvider } from './features/messages/live-events';
import { createQueryClient } from './lib/query-client';
import { AdminLoginPage } from './pages/admin-login-page';
import { AdminPage } from './pages/admin-page';
import { BrowsePage } from './pages/browse-page';
import { ConversationPage } from './pages/conversation-page';
import { DonationGuidePage } from './pages/donation-guide-page';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { GuidancePage } from './pages/guidance-page';
import { LandingPage } from './pages/landing-page';
import { LoginPage } from './pages/login-page';
import { MatchPage } from './pages/match-page';
import { MessagesPage } from './pages/messages-page';
import { NotFoundPage } from './pages/not-found-page';
import { ProfilePage } from './pages/profile-page';
import { ProfilePhotosPage } from './pages/profile-photos-page';
import { ProfilePreviewPage } from './pages/profile-preview-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { VolunteerApplyPage } from './pages/volunteer-apply-page';
import { VolunteerProfilePage } from './pages/volunteer-profile-page';

/** Spec §9: tooltip delay 700 ms, skip delay 300 ms. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/about" component={LandingPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/donation-guide" component={DonationGuidePage} />
      <Route path="/profile" component={ProfilePage} />
      <Route path="/profile/photos" component={ProfilePhotosPage} />
      <Route path="/profile/preview" component={ProfilePreviewPage} />
      <Route path="/browse" component={BrowsePage} />
      <Route path="/match/:id" component={MatchPage} />
      <Route path="/messages" component={MessagesPage} />
      <Route path="/conversation/:otherUserId" component={ConversationPage} />
      <Route path="/guidance" component={GuidancePage} />
      <Route path="/volunteer-apply" component={VolunteerApplyPage} />
      <Route path="/volunteer-profile" component={VolunteerProfilePage} />
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
