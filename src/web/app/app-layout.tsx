import type { ReactNode } from 'react';
import { useCurrentUser } from '../features/auth/api/current-user';
import { NavBar } from './nav-bar';

/** The navigation bar shows only when signed in (spec §2); every screen renders inside one <main>. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return (
    <div className="flex min-h-screen flex-col">
      {user ? <NavBar email={user.email} /> : null}
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
