import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useCurrentUser } from '../features/auth/api/current-user';
import { hasSignedInHint } from '../lib/signed-in-hint';
import { ConnectionNotices } from './connection-notices';
import { VisitorHeader } from './visitor-header';

// The navigation bar (with the unread badge and logout) is for members only: a visitor's first page does not
// download it. With the signed-in hint it is fetched at once, alongside /api/auth/user, so it is there in time.
const loadNavBar = () => import('./nav-bar');
const NavBar = lazy(async () => ({ default: (await loadNavBar()).NavBar }));
if (hasSignedInHint()) void loadNavBar();
// Notices (an admin's warning, removed photos: issue 15) are for members only as well.
const NoticesBanner = lazy(async () => ({ default: (await import('../features/safety/components/notices-banner')).NoticesBanner }));
// "Install Sanga" is offered to members (the app starts at /browse), only where the browser offers an install.
const InstallHint = lazy(async () => ({ default: (await import('./install-hint')).InstallHint }));

/** The landing page's hero carries the logo and the language switch for visitors. */
const hasOwnHeader = (path: string) => path === '/' || path === '/about';

/**
 * The navigation bar shows only when signed in (spec §2); a visitor gets the logo and the language switch
 * instead. Every screen renders inside one <main>.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [path] = useLocation();
  let header: ReactNode = null;
  if (user) {
    header = (
      <>
        <Suspense fallback={null}>
          <NavBar email={user.email} roles={user.roles} />
        </Suspense>
        <Suspense fallback={null}>
          <InstallHint />
        </Suspense>
      </>
    );
  } else if (!isLoading && !hasOwnHeader(path)) header = <VisitorHeader />;
  return (
    <div className="flex min-h-screen flex-col">
      <ConnectionNotices />
      {header}
      <main id="main" className="flex-1">
        {user ? (
          <Suspense fallback={null}>
            <NoticesBanner />
          </Suspense>
        ) : null}
        {children}
      </main>
    </div>
  );
}
