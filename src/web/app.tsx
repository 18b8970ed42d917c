import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { Route, Switch } from 'wouter';
import { AppLayout } from './components/layout/app-layout';
import { Toaster } from './components/ui/toaster';
import { LanguageProvider } from './features/language/language-provider';
import { createQueryClient } from './lib/query-client';
import { DonationGuidePage } from './pages/donation-guide-page';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { LandingPage } from './pages/landing-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { PlaceholderPage } from './pages/placeholder-page';
import { ProfilePage } from './pages/profile-page';
import { ProfilePhotosPage } from './pages/profile-photos-page';
import { ProfilePreviewPage } from './pages/profile-preview-page';
import { ResetPasswordPage } from './pages/reset-password-page';

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
      <Route path="/browse" component={PlaceholderPage} />
      <Route path="/match/:id" component={PlaceholderPage} />
      <Route path="/messages" component={PlaceholderPage} />
      <Route path="/conversation/:otherUserId" component={PlaceholderPage} />
      <Route path="/guidance" component={PlaceholderPage} />
      <Route path="/volunteer-apply" component={PlaceholderPage} />
      <Route path="/volunteer-profile" component={PlaceholderPage} />
      <Route path="/admin-login" component={PlaceholderPage} />
      <Route path="/admin" component={PlaceholderPage} />
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
          <AppLayout>
            <AppRoutes />
          </AppLayout>
          <Toaster />
        </Tooltip.Provider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
