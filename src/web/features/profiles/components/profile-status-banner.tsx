import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Eye, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { MIN_PHOTOS_TO_ACTIVATE } from '#domain/profile/profile';
import type { OwnProfile } from '#domain/profile/profile-api';
import { Button } from '#web/components/ui/button';
import { toast, toastError } from '#web/components/ui/toast-store';
import { cn } from '#web/lib/cn';
import { useToggleActive } from '../api/toggle-active';
import { ResendVerification } from '#web/features/auth/components/resend-verification';
import { ApiError } from '#web/lib/api';
import { errorText } from '#web/lib/error-text';

export type ProfileState = 'none' | 'incomplete' | 'ready' | 'active';

/** spec §4: no profile; fewer than 2 photos; 2 photos and not active; active. */
export function profileState(profile: Pick<OwnProfile, 'photos' | 'profileActive'> | null): ProfileState {
  if (!profile) return 'none';
  if (profile.profileActive) return 'active';
  if (profile.photos.length < MIN_PHOTOS_TO_ACTIVATE) return 'incomplete';
  return 'ready';
}

const tone: Record<ProfileState, string> = {
  none: 'border-saffron-700/30 bg-saffron-50 text-stone-900',
  incomplete: 'border-amber-400 bg-amber-50 text-stone-900',
  ready: 'border-saffron-700/40 bg-white text-stone-900',
  active: 'border-green-300 bg-green-50 text-stone-900',
};

const icons = { none: Sparkles, incomplete: AlertTriangle, ready: Eye, active: CheckCircle2 } as const;

/** The banner at the top of /profile for the profile's state, with its one action. */
export function ProfileStatusBanner({ profile }: { profile: OwnProfile | null }) {
  const { t } = useTranslation();
  const toggle = useToggleActive();
  const state = profileState(profile);
  const Icon = icons[state];
  const needsVerifiedEmail = toggle.error instanceof ApiError && toggle.error.code === 'activation-email-not-verified';

  function setActive(active: boolean) {
    toggle.mutate(active, {
      onSuccess: (saved) =>
        toast(
          saved.profileActive
            ? { title: t('profile.toasts.activated'), description: t('profile.toasts.activatedBody') }
            : { title: t('profile.toasts.deactivated'), description: t('profile.toasts.deactivatedBody') },
        ),
      onError: (error) => {
        // REQUIRE_VERIFIED_EMAIL: said in the banner, with a button for a new link, not in a passing toast.
        if (error instanceof ApiError && error.code === 'activation-email-not-verified') return;
        toastError(t('profile.toasts.errorTitle'), errorText(t, error, t('profile.toasts.toggleFailed')));
      },
    });
  }

  let title: string;
  let body: string;
  let action: ReactNode = null;
  switch (state) {
    case 'none':
      title = t('profile.banner.none.title');
      body = t('profile.banner.none.body');
      break;
    case 'incomplete':
      title = t('profile.banner.incomplete.title');
      body = t('profile.banner.incomplete.body', { count: profile?.photos.length ?? 0, required: MIN_PHOTOS_TO_ACTIVATE });
      action = (
        <Button asChild>
          <Link href="/profile/photos">{t('profile.banner.incomplete.action')}</Link>
        </Button>
      );
      break;
    case 'ready':
      title = t('profile.banner.ready.title');
      body = t('profile.banner.ready.body');
      action = (
        <Button onClick={() => setActive(true)} disabled={toggle.isPending}>
          {toggle.isPending ? t('profile.banner.updating') : t('profile.banner.ready.action')}
        </Button>
      );
      break;
    case 'active':
      title = t('profile.banner.active.title');
      body = t('profile.banner.active.body');
      action = (
        <Button variant="secondary" onClick={() => setActive(false)} disabled={toggle.isPending}>
          {toggle.isPending ? t('profile.banner.updating') : t('profile.banner.active.action')}
        </Button>
      );
      break;
  }

  return (
    <section
      aria-labelledby="profile-status-title"
      data-state={state}
      className={cn('flex flex-col gap-4 rounded-lg border p-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between md:p-5', tone[state])}
    >
      <div className="flex gap-3">
        <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-saffron-800" />
        <div>
          <h2 id="profile-status-title" className="font-semibold text-stone-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-stone-800">{body}</p>
        </div>
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
      {needsVerifiedEmail ? (
        <div className="flex flex-col gap-3 sm:basis-full">
          <p role="alert" className="text-sm text-red-800">
            {t('account.activation.needsVerifiedEmail')}
          </p>
          <ResendVerification />
        </div>
      ) : null}
    </section>
  );
}
