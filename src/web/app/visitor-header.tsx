import { Link } from 'wouter';
import { VisitorSignInLink } from '../features/auth/components/visitor-sign-in-link';
import { LanguageSwitch } from '../features/language/language-switch';
import { SangaLogo } from '../features/landing/components/sanga-logo';

/**
 * What a visitor sees above every screen but the landing page (whose hero has its own): the logo, linking home,
 * the Sign in link (issue 32.9) and the one
 * language switch. Signed in, the navigation bar takes its place.
 */
export function VisitorHeader() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
        <Link href="/" className="rounded-md">
          <SangaLogo />
        </Link>
        <div className="flex items-center gap-2">
          <VisitorSignInLink />
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
