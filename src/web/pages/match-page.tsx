import { ArrowLeft, MapPin, MessageCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { TrustLine } from '#web/components/person/trust-line';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearch } from 'wouter';
import { MAX_PHOTOS } from '#domain/profile/profile';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { SignedOut } from '#web/components/page/signed-out';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { useMatchDetail } from '#web/features/matches/api/matches';
import { useOtherUserInfo } from '#web/features/messages/api/other-user-info';
import { RequestIntroductionButton } from '#web/features/introductions/components/request-introduction-button';
import { MatchDetailsCard } from '#web/features/matches/components/match-details-card';
import { BiodataCard } from '#web/components/person/biodata-card';
import { matchName, matchNameAndAge } from '#web/components/person/match-name';
import { MatchPhoto } from '#web/components/person/match-photo';
import { MatchScoreCard } from '#web/features/matches/components/match-score-card';
import { VedicSection } from '#web/components/vedic/vedic-section';
import { PhotoLightbox } from '#web/features/matches/components/photo-lightbox';
import { SafetyActions } from '#web/features/safety/components/safety-actions';
import { ApiError, isSignedOut } from '#web/lib/api';
import { errorText } from '#web/lib/error-text';
import { messagingRule } from '#web/lib/messaging-rule';

/** Route /match/{id}: a candidate's full profile and the compatibility (spec §2). */
export function MatchPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams<{ id: string }>();
  const detail = useMatchDetail(id);
  const [, navigate] = useLocation();
  const [openPhoto, setOpenPhoto] = useState<number | null>(null);
  const photoOpener = useRef<HTMLButtonElement | null>(null);
  // Opened from an introduction's card: back leads there, where the answer is given, and the page
  // offers no message or request of its own.
  const fromIntroduction = new URLSearchParams(useSearch()).get('from') === 'introduction';
  const back = <BackToMatches fromIntroduction={fromIntroduction} />;

  if (detail.isError) {
    const error = detail.error;
    // The session ended since the page opened.
    if (isSignedOut(error)) return <SignedOut area="match" />;
    // spec §8: why, in the reader's language (the answer's code), or "This profile could not be loaded". A 404 (or a
    // malformed id) says only that.
    const notFound = t('matches.detail.notFound.body');
    const reason = error instanceof ApiError && (error.status === 404 || error.status === 400) ? notFound : errorText(t, error, notFound);
    return (
      <PageFrame title={t('matches.detail.notFound.title')} width="page">
        <Card>
          <p role="alert" className="text-stone-700">
            {reason}
          </p>
          <ButtonLink href="/browse" icon={ArrowLeft} variant="secondary" className="mt-4">{t('matches.detail.back')}</ButtonLink>
        </Card>
      </PageFrame>
    );
  }

  if (detail.isPending) {
    return (
      // The status line where the location will be, and nothing below it: no box the profile would push down.
      <PageFrame title={t('matches.detail.title')} before={back} width="page" intro={<PageLoading />} />
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
        <>
          <p className="flex items-center gap-1">
            <MapPin aria-hidden className="size-4 shrink-0" />
            <span className="break-words">{profile.exactLocation}</span>
          </p>
          <TrustLine facts={profile} className="mt-2" />
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <Card className="p-4 md:p-6">
          {/* Blurred previews are not opened larger: there is nothing more to see until an introduction. */}
          {photos.length > 0 && profile.photosBlurred ? (
            <>
              <ul aria-label={t('matches.detail.photosLabel')} className="grid grid-cols-2 gap-3">
                {photos.map((photo, index) => (
                  <li key={photo} className="aspect-[3/4] overflow-hidden rounded-md">
                    <MatchPhoto src={photo} alt="" placeholderLabel={t('matches.browse.noPhoto', { name })} sizes="50vw" className="size-full" priority={index === 0} />
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-stone-700" data-testid="photos-blurred-note">
                {t('matches.detail.photosBlurred', { name })}
              </p>
            </>
          ) : photos.length > 0 ? (
            <ul aria-label={t('matches.detail.photosLabel')} className="grid grid-cols-2 gap-3">
              {photos.map((photo, index) => (
                <li key={photo} className="aspect-[3/4] overflow-hidden rounded-md">
                  {/* A tap opens the photo larger. */}
                  <button
                    type="button"
                    aria-label={t('matches.detail.openPhoto', { number: index + 1, name })}
                    onClick={(event) => {
                      photoOpener.current = event.currentTarget;
                      setOpenPhoto(index);
                    }}
                    className="size-full cursor-zoom-in rounded-md"
                  >
                    <MatchPhoto
                      src={photo}
                      alt={t('matches.detail.photoAlt', { number: index + 1, name })}
                      placeholderLabel={t('matches.browse.noPhoto', { name })}
                      // Two photos side by side in a max-w-3xl column.
                      sizes="(min-width: 768px) 22rem, 50vw"
                      className="size-full"
                      // Only the first at high priority: it is the largest paint, and two would share a phone's link.
                      priority={index === 0}
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <MatchPhoto src={undefined} alt="" placeholderLabel={t('matches.detail.noPhotos')} sizes="100vw" className="aspect-[3/2] w-full rounded-md" />
          )}
          <PhotoLightbox
            photos={profile.photosBlurred ? [] : photos}
            index={openPhoto}
            altOf={(index) => t('matches.detail.photoAlt', { number: index + 1, name })}
            onIndexChange={setOpenPhoto}
            onClose={() => setOpenPhoto(null)}
            opener={photoOpener}
          />
          {fromIntroduction ? null : <ContactActions userId={compatibility.userId} name={name} />}
          <div className="mt-3">
            <SafetyActions userId={compatibility.userId} name={name} onBlocked={() => navigate(fromIntroduction ? '/introductions' : '/browse')} />
          </div>
        </Card>
        <MatchScoreCard compatibility={compatibility} />
        {/* Only when both opted in (issue 52); never part of the score. */}
        {detail.data.vedic ? <VedicSection vedic={detail.data.vedic} viewer="member" otherName={name} /> : null}
        <MatchDetailsCard profile={profile} />
        <BiodataCard biodata={profile} />
      </div>
    </PageFrame>
  );
}

/**
 * The messaging rule in force, then Send Message where the viewer may write; where they may not (first contact kept
 * to the coordinators, or an introduction of theirs that ended or was declined) the reason, and "Ask a coordinator to
 * introduce us".
 */
function ContactActions({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const info = useOtherUserInfo(userId);
  // Until the answer comes, nothing that might be wrong; if it fails, the conversation page says why.
  const mayWrite = info.data ? info.data.mayWrite : info.isError;
  const waiting = !info.data && !info.isError;
  return (
    <div className="mt-4 flex flex-col gap-2">
      {info.data?.mayNotWriteReason === 'introduction-closed' ? (
        <p role="note" data-testid="may-not-write" className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm text-stone-800">
          {t('messages.thread.mayNotWriteIntroductionClosedOnMatch', { name })}
        </p>
      ) : (
        <p role="note" data-testid="messaging-rule" className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm text-stone-800">
          {messagingRule(t)}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {mayWrite ? (
          <ButtonLink href={`/conversation/${encodeURIComponent(userId)}`} icon={MessageCircle} className="w-full sm:w-auto">
            {t('matches.detail.sendMessage')}
          </ButtonLink>
        ) : waiting ? (
          // The button's place while the answer comes: the common case, so the buttons and cards below do not move.
          <div aria-hidden data-testid="send-message-space" className="h-11 w-full sm:w-40" />
        ) : null}
        <RequestIntroductionButton userId={userId} name={name} />
      </div>
    </div>
  );
}

function BackToMatches({ fromIntroduction = false }: { fromIntroduction?: boolean }) {
  const { t } = useTranslation();
  return (
    <ButtonLink href={fromIntroduction ? '/introductions' : '/browse'} icon={ArrowLeft} variant="ghost" size="sm" className="-ml-3">
      {t(fromIntroduction ? 'matches.detail.backToIntroductions' : 'matches.detail.back')}
    </ButtonLink>
  );
}
