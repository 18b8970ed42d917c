import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useCurrentUser } from '../features/auth/api/current-user';
import { NoticesBanner } from '../features/safety/components/notices-banner';
import { NavBar } from './nav-bar';
import { VisitorHeader } from './visitor-header';

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
  if (user) header = <NavBar email={user.email} roles={user.roles} />;
  else if (!isLoading && !hasOwnHeader(path)) header = <VisitorHeader />;
  return (
    <div className="flex min-h-screen flex-col">
      {header}
      <main id="main" className="flex-1">
        {user ? <NoticesBanner /> : null}
        {children}
      </main>
    </div>
  );
}
