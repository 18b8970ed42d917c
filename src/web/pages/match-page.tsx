import { ArrowLeft, MapPin, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { MAX_PHOTOS } from '../../domain/profile';
import { PageFrame, PageLoading } from '../components/page/page-frame';
import { SignedOut } from '../components/page/signed-out';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useMatchDetail } from '../features/matches/api/matches';
import { RequestIntroductionButton } from '../features/introductions/components/request-introduction-button';
import { MatchDetailsCard } from '../features/matches/components/match-details-card';
import { matchName, matchNameAndAge } from '../features/matches/components/match-name';
import { MatchPhoto } from '../features/matches/components/match-photo';
import { MatchScoreCard } from '../features/matches/components/match-score-card';
import { isSignedOutError } from '../features/matches/match-errors';
import { SafetyActions } from '../features/safety/components/safety-actions';
import { ApiError } from '../lib/api';

/** Route /match/{id}: a candidate's full profile and the compatibility (spec §2). */
export function MatchPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id: string }>();
  const detail = useMatchDetail(id);
  const [, navigate] = useLocation();
  // Opened from an introduction's card (issue 32.3): back leads there, where the answer is given, and the page
  // offers no message or request of its own.
  const fromIntroduction = new URLSearchParams(useSearch()).get('from') === 'introduction';
  const back = <BackToMatches fromIntroduction={fromIntroduction} />;

  if (detail.isError) {
    const error = detail.error;
    // The session ended since the page opened.
    if (isSignedOutError(error)) return <SignedOut area="match" />;
    // spec §8: the message, or "This profile could not be loaded". A 404 (or a malformed id) says
    // only that, so it is said in the current language rather than as the server's English.
    const serverMessage = error instanceof ApiError && error.status !== 404 && error.status !== 400 ? error.serverMessage : undefined;
    return (
      <PageFrame title={t('matches.detail.notFound.title')} width="page">
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
      </PageFrame>
    );
  }

  if (detail.isPending) {
    return (
      <PageFrame title={t('matches.detail.title')} before={back} width="page">
        <PageLoading />
      </PageFrame>
    );
  }

  const { profile, compatibility } = detail.data;
  const name = matchName(t, profile.firstName);
  const photos = profile.photos.slice(0, MAX_PHOTOS);

  return (
    <PageFrame
      title={matchNameAndAge(t, profile.firstName, profile.age)}
      before={back}
      width="page"
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
                    // Two photos side by side in a max-w-3xl column.
                    sizes="(min-width: 768px) 22rem, 50vw"
                    className="size-full"
                  />
                </li>
              ))}
            </ul>
          ) : (
            <MatchPhoto src={undefined} alt="" placeholderLabel={t('matches.detail.noPhotos')} sizes="100vw" className="aspect-[3/2] w-full rounded-md" />
          )}
          {fromIntroduction ? null : (
            <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <Button asChild className="w-full sm:w-auto">
                <Link href={`/conversation/${encodeURIComponent(compatibility.userId)}`}>
                  <MessageCircle aria-hidden className="size-4" />
                  {t('matches.detail.sendMessage')}
                </Link>
              </Button>
              <RequestIntroductionButton userId={compatibility.userId} />
            </div>
          )}
          <div className="mt-3">
            <SafetyActions userId={compatibility.userId} name={name} onBlocked={() => navigate(fromIntroduction ? '/introductions' : '/browse')} />
          </div>
        </Card>
        <MatchScoreCard compatibility={compatibility} />
        <MatchDetailsCard profile={profile} />
      </div>
    </PageFrame>
  );
}

function BackToMatches({ fromIntroduction = false }: { fromIntroduction?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link href={fromIntroduction ? '/introductions' : '/browse'}>
        <ArrowLeft aria-hidden className="size-4" />
        {t(fromIntroduction ? 'matches.detail.backToIntroductions' : 'matches.detail.back')}
      </Link>
    </Button>
  );
}
