import { HandHeart, MessageCircle, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoSrcSet } from '#domain/profile/photo-sizes';
import type { PublicVolunteer } from '#domain/volunteers/volunteer';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { relabelOfferings } from '#web/i18n/offering-labels';
import { cn } from '#web/lib/cn';
import { useLanguage } from '#web/features/language/components/language-provider';

/** A background longer than this (or with many paragraphs) starts clamped, with Read more. */
const CLAMP_CHARACTERS = 280;
const CLAMP_LINES = 5;

/** Who is looking at the card: not known yet, a visitor, or a signed-in user. */
export type Viewer = { state: 'loading' } | { state: 'visitor' } | { state: 'user'; id: string };

function CardAction({ volunteer, viewer, nameId }: { volunteer: PublicVolunteer; viewer: Viewer; nameId: string }) {
  const { t } = useTranslation();
  if (viewer.state === 'loading') return null;
  if (viewer.state === 'visitor') {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-stone-700">{t('guidance.card.signUpPrompt')}</p>
        <Button asChild>
          {/* A full navigation: the server answers /api/login. */}
          <a href="/api/login" aria-describedby={nameId}>
            {t('guidance.card.getStarted')}
          </a>
        </Button>
      </div>
    );
  }
  if (volunteer.userId === viewer.id) {
    return (
      <Button type="button" variant="secondary" disabled className="w-full">
        <UserRound aria-hidden className="size-5" />
        {t('guidance.card.yourProfile')}
      </Button>
    );
  }
  if (!volunteer.userId) {
    return (
      <div className="flex flex-col gap-2">
        <Button type="button" disabled className="w-full" aria-describedby={`${nameId}-unavailable`}>
          <MessageCircle aria-hidden className="size-5" />
          {t('guidance.card.sendMessage')}
        </Button>
        <p id={`${nameId}-unavailable`} className="text-sm text-stone-600">
          {t('guidance.card.noAccount')}
        </p>
      </div>
    );
  }
  return (
    <ButtonLink href={`/conversation/${volunteer.userId}`} aria-describedby={nameId} icon={MessageCircle} iconSize="md" className="w-full">
      {t('guidance.card.sendMessage')}
    </ButtonLink>
  );
}

/** One volunteer on /guidance: photo, name, contribution, background, How to Support, and the action for this viewer. */
export function VolunteerCard({ volunteer, viewer, firstInList = false }: { volunteer: PublicVolunteer; viewer: Viewer; firstInList?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const nameId = `${id}-name`;
  const backgroundId = `${id}-background`;
  const [expanded, setExpanded] = useState(false);
  const { language } = useLanguage();
  const long = volunteer.background.length > CLAMP_CHARACTERS || volunteer.background.split('\n').length > CLAMP_LINES;

  return (
    <div className="flex h-full flex-col gap-4 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm" data-testid="volunteer-card">
      <div className="aspect-[4/3] w-full bg-stone-100">
        {volunteer.photo ? (
          <img
            src={volunteer.photo}
            srcSet={photoSrcSet(volunteer.photo)}
            // The Guidance grid: one column on a phone, two from md, three from lg (max-w-6xl).
            sizes="(min-width: 1024px) 22rem, (min-width: 768px) 50vw, 100vw"
            alt={volunteer.name}
            className="size-full object-cover"
            // The first card's photo is in view on any screen (often the page's largest paint): fetched at once.
            loading={firstInList ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-stone-500">
            <UserRound aria-hidden className="size-16" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-4 px-5 pb-5">
        <div className="flex flex-col items-start gap-2">
          <h3 id={nameId} className="font-serif text-xl font-semibold break-words text-stone-900">
            {volunteer.name}
          </h3>
          <Badge variant="secondary" className="max-w-full whitespace-normal break-words">
            {volunteer.contribution}
          </Badge>
        </div>
        <div>
          <p id={backgroundId} className={cn('break-words whitespace-pre-line text-stone-700', long && !expanded && 'line-clamp-5')}>
            {relabelOfferings(volunteer.background, language)}
          </p>
          {long ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={backgroundId}
              onClick={() => setExpanded((open) => !open)}
              className="mt-1 min-h-11 text-sm font-medium text-saffron-800 underline"
            >
              {expanded ? t('guidance.card.readLess') : t('guidance.card.readMore')}
            </button>
          ) : null}
        </div>
        <div className="mt-auto flex flex-col gap-4">
          <div className="rounded-md bg-saffron-50 p-4">
            <h4 className="flex items-center gap-2 font-semibold text-saffron-800">
              <HandHeart aria-hidden className="size-5" />
              {t('guidance.card.support')}
            </h4>
            <div className="mt-2 flex flex-col gap-1 text-sm text-stone-800">
              {volunteer.minimumDonation ? (
                <p className="font-medium break-words">{t('guidance.card.minimumDonation', { amount: volunteer.minimumDonation })}</p>
              ) : null}
              {volunteer.donationInfo ? <p className="break-words whitespace-pre-line">{volunteer.donationInfo}</p> : null}
              {!volunteer.minimumDonation && !volunteer.donationInfo ? <p>{t('guidance.card.supportFallback')}</p> : null}
            </div>
          </div>
          <CardAction volunteer={volunteer} viewer={viewer} nameId={nameId} />
        </div>
      </div>
    </div>
  );
}
