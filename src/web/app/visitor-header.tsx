import { Link, useLocation } from 'wouter';
import { hasAdminFlag } from '#web/features/admin/admin-flag';
import { AdminSignedIn } from '#web/features/admin/components/admin-signed-in';
import { VisitorSignInLink } from '#web/features/auth/components/visitor-sign-in-link';
import { LanguageSwitch } from '#web/features/language/components/language-switch';
import { SangaLogo } from '#web/features/landing/components/sanga-logo';

/**
 * What a visitor sees above every screen but the landing page (whose hero has its own): the logo, linking home,
 * the Sign in link and the one
 * language switch. Signed in, the navigation bar takes its place.
 */
export function VisitorHeader() {
  const [path] = useLocation();
  // The admin alone has no member session, so no navigation bar: on the dashboard the header says who is signed in
  // instead of offering Sign in. (The dashboard is never a server-rendered first page, so reading the flag is safe.)
  const admin = path === '/admin' && hasAdminFlag();
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
        <Link href="/" className="rounded-md">
          <SangaLogo />
        </Link>
        <div className="flex items-center gap-2">
          {admin ? <AdminSignedIn /> : <VisitorSignInLink />}
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
