import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { hasSignedInHint } from '#web/lib/signed-in-hint';
import { ConnectionNotices } from './connection-notices';
import { VisitorHeader } from './visitor-header';

// The navigation bar (with the unread badge and logout) is for members only: a visitor's first page does not
// download it. With the signed-in hint it is fetched at once, alongside /api/auth/user, so it is there in time.
const loadNavBar = () => import('./nav-bar');
const NavBar = lazy(async () => ({ default: (await loadNavBar()).NavBar }));
if (hasSignedInHint()) void loadNavBar();
// Notices (an admin's warning, removed photos) are for members only as well.
const NoticesBanner = lazy(async () => ({ default: (await import('#web/features/safety/components/notices-banner')).NoticesBanner }));
// "Install Sanga" is offered to members (the app starts at /browse), only where the browser offers an install.
const InstallHint = lazy(async () => ({ default: (await import('./install-hint')).InstallHint }));

/**
 * While the app asks who is signed in (only with the signed-in hint: a visitor is known at once): the navigation
 * bar's frame at its height (nav-bar.tsx: a 36 px row; from lg up a second 36 px row of links), so the screen
 * below does not move when the bar comes (a layout shift on every member screen opened directly).
 */
function NavBarSpace() {
  return (
    <div aria-hidden className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap gap-y-1 px-4 py-2">
        <div className="h-9" />
        <div className="hidden h-9 basis-full lg:block" />
      </div>
    </div>
  );
}

/** The landing page's hero carries the logo and the language switch for visitors. */
const hasOwnHeader = (path: string) => path === '/' || path === '/about';

/**
 * The navigation bar shows only when signed in (spec §2); a visitor gets the logo and the language switch
 * instead. Every screen renders inside one <main>.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user, isLoading, waitingForConnection } = useCurrentUser();
  const [path] = useLocation();
  let header: ReactNode = null;
  if (user || waitingForConnection) {
    header = (
      <>
        {/* Its frame until its chunk is there, so the screen does not jump up and back down. Offline, before the
            member is known, the bar without what only the answer says (the address, a role's or volunteer's links). */}
        <Suspense fallback={<NavBarSpace />}>
          <NavBar
            email={user?.email}
            roles={user?.roles ?? []}
            volunteer={user ? user.volunteer !== 'none' : false}
            guarding={user?.guarding ?? false}
            hasProfile={user?.hasProfile ?? true}
          />
        </Suspense>
        <Suspense fallback={null}>
          <InstallHint />
        </Suspense>
      </>
    );
  } else if (isLoading) {
    header = <NavBarSpace />;
  } else if (!hasOwnHeader(path)) header = <VisitorHeader />;
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
