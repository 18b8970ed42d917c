import { LogOut, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { MemberRole } from '#domain/staff/roles';
import { useLogout } from '#web/features/auth/api/session';
import { LanguageSwitch } from '#web/features/language/components/language-switch';
import { useUnreadTotal } from '#web/features/messages/api/conversations';
import { cn } from '#web/lib/cn';
import { Button } from '#web/components/ui/button';
import { toastError } from '#web/components/ui/toast-store';

interface NavItem {
  href: string;
  labelKey: 'browse' | 'messages' | 'introductions' | 'guarding' | 'coordinator' | 'elders' | 'guidance' | 'profile' | 'volunteerProfile' | 'settings' | 'about';
  isActive: (path: string) => boolean;
  /** Shown only to members holding this role (the server checks it again on every call). */
  role?: MemberRole;
  /** Shown only to a member with a volunteer application. */
  volunteersOnly?: boolean;
  /** Shown only to someone who accompanies a member as a guardian. */
  guardiansOnly?: boolean;
  /**
   * A screen for someone looking for a spouse: left out for a guardian with no profile of their own, whom nothing
   * should ask to make one (they can still open /profile from /guarding if they want one).
   */
  seekersOnly?: boolean;
}

const navItems: NavItem[] = [
  { href: '/browse', labelKey: 'browse', isActive: (p) => p === '/browse' || p.startsWith('/match/'), seekersOnly: true },
  { href: '/messages', labelKey: 'messages', isActive: (p) => p === '/messages' || p.startsWith('/conversation/') },
  { href: '/introductions', labelKey: 'introductions', isActive: (p) => p === '/introductions', seekersOnly: true },
  { href: '/guarding', labelKey: 'guarding', isActive: (p) => p === '/guarding' || p.startsWith('/guarding/'), guardiansOnly: true },
  { href: '/coordinator', labelKey: 'coordinator', isActive: (p) => p === '/coordinator' || p.startsWith('/coordinator/'), role: 'coordinator' },
  { href: '/elders', labelKey: 'elders', isActive: (p) => p === '/elders', role: 'elder' },
  { href: '/guidance', labelKey: 'guidance', isActive: (p) => p === '/guidance' },
  { href: '/profile', labelKey: 'profile', isActive: (p) => p === '/profile' || p.startsWith('/profile/'), seekersOnly: true },
  { href: '/volunteer-profile', labelKey: 'volunteerProfile', isActive: (p) => p === '/volunteer-profile', volunteersOnly: true },
  { href: '/settings', labelKey: 'settings', isActive: (p) => p === '/settings' },
  { href: '/', labelKey: 'about', isActive: (p) => p === '/' || p === '/about' },
];

/** Whether the menu offers `item` to this person. */
function shown(item: NavItem, who: { roles: readonly MemberRole[]; volunteer: boolean; guarding: boolean; hasProfile: boolean }): boolean {
  if (item.role && !who.roles.includes(item.role)) return false;
  if (item.volunteersOnly && !who.volunteer) return false;
  if (item.guardiansOnly && !who.guarding) return false;
  if (item.seekersOnly && who.guarding && !who.hasProfile) return false;
  return true;
}

export function NavBar({
  email,
  roles,
  volunteer = false,
  guarding = false,
  hasProfile = true,
}: {
  /** Undefined only offline, before the member is known (app-layout.tsx): the bar shows no address then. */
  email: string | undefined;
  roles: readonly MemberRole[];
  volunteer?: boolean;
  /** Accompanies a member: the menu offers /guarding. */
  guarding?: boolean;
  hasProfile?: boolean;
}) {
  const { t } = useTranslation();
  const [path, navigate] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const logout = useLogout();
  const unread = useUnreadTotal();

  function handleLogout() {
    logout.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: () => toastError(t('common.errors.title'), t('auth.logout.failed')),
    });
  }

  const links = (onNavigate?: () => void) =>
    navItems.filter((item) => shown(item, { roles, volunteer, guarding, hasProfile })).map((item) => {
      const active = item.isActive(path);
      // The Messages item carries the number of unread messages: the badge is for the eye, the hidden text
      // for screen readers ("Messages 3 unread"). No aria-label: the name must contain the visible text
      // (WCAG 2.5.3, axe's label-content-name-mismatch).
      const badge = item.labelKey === 'messages' && unread > 0 ? unread : 0;
      return (
        <Link
          key={item.href}
          href={item.href}
          onClick={onNavigate}
          aria-current={active ? 'page' : undefined}
          className={cn(
            // A label never breaks inside ("Ver / coincidencias"): whole items wrap instead.
            'inline-flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
            active ? 'bg-saffron-100 text-saffron-800' : 'text-stone-700 hover:bg-stone-100',
          )}
        >
          {t(`common.nav.${item.labelKey}`)}
          {badge ? (
            <span aria-hidden data-testid="unread-badge" className="min-w-5 rounded-full bg-saffron-700 px-1.5 text-center text-xs leading-5 font-semibold text-white">
              {badge > 99 ? '99+' : badge}
            </span>
          ) : null}
          {badge ? <span className="sr-only">{t('messages.unread', { count: badge })}</span> : null}
        </Link>
      );
    });

  return (
    <header className="border-b border-stone-200 bg-white">
      {/*
        From lg up: the logo and the account controls on the first row, the links on a row of their own below,
        where whole items wrap if even that row is too narrow. One row held neither Spanish labels nor a
        coordinator's extra links: Logout was pushed off the screen at 1024 and 1280 px.
      */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
        <Link href="/" className="shrink-0 font-serif text-xl font-bold text-saffron-800">
          {t('common.appName')}
        </Link>
        <div className="hidden min-w-0 items-center gap-3 lg:flex">
          <LanguageSwitch className="shrink-0" />
          {email ? (
            <span className="max-w-48 min-w-0 truncate text-sm text-stone-700" title={t('common.nav.signedInAs', { email })}>
              {email}
            </span>
          ) : null}
          <Button variant="secondary" size="sm" className="shrink-0 whitespace-nowrap" onClick={handleLogout} disabled={logout.isPending}>
            <LogOut aria-hidden className="h-4 w-4" />
            {t('common.nav.logout')}
          </Button>
        </div>
        {/* On a phone the language switch stays in the bar (one on the page), the rest goes in the menu. */}
        <div className="flex items-center gap-2 lg:hidden">
          <LanguageSwitch />
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
            <span className="sr-only">{menuOpen ? t('common.nav.closeMenu') : t('common.nav.openMenu')}</span>
            {unread > 0 && !menuOpen ? (
              <span className="min-w-5 rounded-full bg-saffron-700 px-1.5 text-center text-xs leading-5 font-semibold text-white">
                <span aria-hidden>{unread > 99 ? '99+' : unread}</span>
                <span className="sr-only">, {t('messages.unread', { count: unread })}</span>
              </span>
            ) : null}
          </Button>
        </div>
        <nav aria-label={t('common.nav.label')} className="-ml-3 hidden basis-full flex-wrap items-center gap-1 lg:flex">
          {links()}
        </nav>
      </div>
      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-stone-200 px-4 pb-4 lg:hidden">
          <nav aria-label={t('common.nav.label')} className="flex flex-col gap-1 pt-2">
            {links(() => setMenuOpen(false))}
          </nav>
          <div className="mt-3 flex flex-col gap-3 border-t border-stone-200 pt-3">
            {email ? <span className="truncate text-sm text-stone-700">{email}</span> : null}
            <Button variant="secondary" size="sm" onClick={handleLogout} disabled={logout.isPending}>
              <LogOut aria-hidden className="h-4 w-4" />
              {t('common.nav.logout')}
            </Button>
          </div>
        </div>
      ) : null}
    </header>
  );
}
