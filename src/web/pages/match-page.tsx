import { ArrowLeft, MapPin, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { MAX_PHOTOS } from '../../domain/profile';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useCurrentUser } from '../features/auth/api/current-user';
import { useMatchDetail } from '../features/matches/api/matches';
import { MatchDetailsCard } from '../features/matches/components/match-details-card';
import { matchName, matchNameAndAge } from '../features/matches/components/match-name';
import { MatchPhoto } from '../features/matches/components/match-photo';
import { MatchScoreCard } from '../features/matches/components/match-score-card';
import { MatchesLoading, MatchesPageFrame, MatchesSignedOut } from '../features/matches/components/matches-page-frame';
import { isSignedOutError } from '../features/matches/match-errors';
import { ApiError } from '../lib/api';

/** Route /match/{id}: a candidate's full profile and the compatibility (spec §2). */
export function MatchPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id: string }>();
  const { isLoading: userLoading, isAuthenticated } = useCurrentUser();
  const detail = useMatchDetail(id);
  const back = <BackToMatches />;

  if (!userLoading && !isAuthenticated) return <MatchesSignedOut title={t('matches.detail.title')} returnTo={`/match/${id}`} width="narrow" />;

  if (detail.isError) {
    const error = detail.error;
    if (isSignedOutError(error)) return <MatchesSignedOut title={t('matches.detail.title')} returnTo={`/match/${id}`} width="narrow" />;
    // spec §8: the message, or "This profile could not be loaded". A 404 (or a malformed id) says
    // only that, so it is said in the current language rather than as the server's English.
    const serverMessage = error instanceof ApiError && error.status !== 404 && error.status !== 400 ? error.serverMessage : undefined;
    return (
      <MatchesPageFrame title={t('matches.detail.notFound.title')} width="narrow">
        <Card>
          <p role="alert" className="text-stone-700">
            {serverMessage ?? t('matches.detail.notFound.body')}
          </p>
          <Button asChild variant="secondary" className="mt-4">
            <Link href="/browse">
              <ArrowLeft aria-hidden className="size-4" />
              {t('matches.detail.back')}
            </Link>
          </Button>
        </Card>
      </MatchesPageFrame>
    );
  }

  if (userLoading || detail.isPending) {
    return (
      <MatchesPageFrame title={t('matches.detail.title')} before={back} width="narrow">
        <MatchesLoading />
      </MatchesPageFrame>
    );
  }

  const { profile, compatibility } = detail.data;
  const name = matchName(t, profile.firstName);
  const photos = profile.photos.slice(0, MAX_PHOTOS);

  return (
    <MatchesPageFrame
      title={matchNameAndAge(t, profile.firstName, profile.age)}
      before={back}
      width="narrow"
      intro={
        <p className="flex items-center gap-1">
          <MapPin aria-hidden className="size-4 shrink-0" />
          <span className="break-words">{profile.exactLocation}</span>
        </p>
      }
    >
      <div className="flex flex-col gap-5">
        <Card className="p-4 md:p-6">
          {photos.length > 0 ? (
            <ul aria-label={t('matches.detail.photosLabel')} className="grid grid-cols-2 gap-3">
              {photos.map((photo, index) => (
                <li key={photo} className="aspect-[3/4] overflow-hidden rounded-md">
                  <MatchPhoto
                    src={photo}
                    alt={t('matches.detail.photoAlt', { number: index + 1, name })}
                    placeholderLabel={t('matches.browse.noPhoto', { name })}
                    className="size-full"
                  />
                </li>
              ))}
            </ul>
          ) : (
            <MatchPhoto src={undefined} alt="" placeholderLabel={t('matches.detail.noPhotos')} className="aspect-[3/2] w-full rounded-md" />
          )}
          <Button asChild className="mt-4 w-full sm:w-auto">
            <Link href={`/conversation/${encodeURIComponent(compatibility.userId)}`}>
              <MessageCircle aria-hidden className="size-4" />
              {t('matches.detail.sendMessage')}
            </Link>
          </Button>
        </Card>
        <MatchScoreCard compatibility={compatibility} />
        <MatchDetailsCard profile={profile} />
      </div>
    </MatchesPageFrame>
  );
}

function BackToMatches() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link href="/browse">
        <ArrowLeft aria-hidden className="size-4" />
        {t('matches.detail.back')}
      </Link>
    </Button>
  );
}
