import type { ReactNode } from 'react';
import { NeedsConnectionPage } from '#web/components/page/needs-connection';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { SignedOut, type SignedOutArea } from '#web/components/page/signed-out';
import { useCurrentUser } from '#web/features/auth/api/current-user';

/**
 * The route wrapper for screens that need a session: the page mounts (and fetches) only once someone is signed
 * in; a visitor gets the sign-in card, which comes back to the same address afterwards. Offline, a member (the
 * signed-in hint) is not a visitor: the screen says it needs the connection, and opens by itself when it is back.
 */
export function RequireSignIn({ area, children }: { area: SignedOutArea; children: ReactNode }) {
  const { user, isLoading, waitingForConnection } = useCurrentUser();
  if (waitingForConnection) return <NeedsConnectionPage />;
  if (isLoading) {
    return (
      <PageFrame>
        <PageLoading />
      </PageFrame>
    );
  }
  if (!user) return <SignedOut area={area} />;
  return children;
}
