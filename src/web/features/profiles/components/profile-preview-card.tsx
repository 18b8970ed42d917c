import { Heart, Home, Languages, MapPin, Salad, Sparkles, ThumbsDown, ThumbsUp, UserRound, UsersRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { firstName, MAX_PHOTOS } from '#domain/profile/profile';
import type { OwnProfile } from '#domain/profile/profile-api';
import { Badge } from '#web/components/ui/badge';
import { Card } from '#web/components/ui/card';
import { consultationBadgeLabel, enumLabel } from '#web/components/person/enum-labels';

/** The own profile as others see it (spec §2 /profile/preview): photos, then each section. */
export function ProfilePreviewCard({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const photos = profile.photos.slice(0, MAX_PHOTOS);
  // Matches see the first name only (the matches API sends nothing else): the preview shows the same, and says so.
  const shownName = firstName(profile.name) ?? t('matches.browse.anonymous');
  const heading = profile.ageYears === null ? shownName : t('profile.preview.nameAndAge', { name: shownName, age: profile.ageYears });

  return (
    <div className="flex flex-col gap-5">
      <Card className="p-4 md:p-6">
        {photos.length > 0 ? (
          <ul aria-label={t('profile.preview.photosLabel')} className="grid grid-cols-2 gap-3">
            {photos.map((photo, index) => (
              <li key={photo} className="aspect-[3/4] overflow-hidden rounded-md bg-stone-100">
                <img src={photo} alt={t('profile.preview.photoAlt', { number: index + 1, name: shownName })} className="size-full object-cover" />
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex aspect-[3/2] items-center justify-center rounded-md bg-stone-100 text-stone-600">
            <UserRound aria-hidden className="mr-2 size-6" />
            {t('profile.preview.noPhotos')}
          </div>
        )}
        <div className="mt-4 flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="font-serif text-2xl font-semibold break-words text-stone-900" data-testid="preview-name">
              {heading}
            </h2>
            <p className="mt-1 text-sm text-stone-600" data-testid="preview-name-note">
              {t('profile.preview.firstNameOnly', { firstName: shownName })}
            </p>
            <p className="mt-1 flex items-center gap-1 text-stone-700">
              <MapPin aria-hidden className="size-4 shrink-0" />
              <span className="break-words">{profile.exactLocation}</span>
            </p>
          </div>
          <Badge variant={profile.profileActive ? 'success' : 'outline'}>
            {profile.profileActive ? t('profile.preview.statusActive') : t('profile.preview.statusInactive')}
          </Badge>
        </div>
      </Card>

      <PreviewSection id="preview-about" icon={UserRound} title={t('profile.preview.aboutMe')}>
        <p className="leading-relaxed whitespace-pre-line break-words text-stone-800">{profile.aboutYou}</p>
      </PreviewSection>

      <PreviewSection id="preview-location" icon={Home} title={t('profile.preview.locationCommunity')}>
        <DetailList>
          <Detail term={t('profile.preview.location')}>{profile.exactLocation}</Detail>
          <Detail term={t('profile.preview.relocation')}>{enumLabel.relocation(t, profile.relocation)}</Detail>
          <Detail term={t('profile.preview.community')}>{profile.communityAffiliation}</Detail>
        </DetailList>
      </PreviewSection>

      <PreviewSection id="preview-lifestyle" icon={Salad} title={t('profile.preview.lifestyle')}>
        <DetailList>
          <Detail term={t('profile.preview.courtship')} icon={UsersRound}>
            {enumLabel.courtshipAlignment(t, profile.courtshipAlignment)}
          </Detail>
          <Detail term={t('profile.preview.diet')} icon={Salad}>
            {enumLabel.dietAlignment(t, profile.dietAlignment)}
          </Detail>
          {profile.languagesSpoken ? (
            <Detail term={t('profile.preview.languages')} icon={Languages}>
              {profile.languagesSpoken}
            </Detail>
          ) : null}
        </DetailList>
      </PreviewSection>

      <PreviewSection id="preview-deal-makers" icon={ThumbsUp} title={t('profile.preview.dealMakers')}>
        <p className="leading-relaxed whitespace-pre-line break-words text-stone-800">{profile.dealMakers}</p>
      </PreviewSection>

      <PreviewSection id="preview-deal-breakers" icon={ThumbsDown} title={t('profile.preview.dealBreakers')}>
        <p className="leading-relaxed whitespace-pre-line break-words text-stone-800">{profile.dealBreakers}</p>
      </PreviewSection>

      <PreviewSection id="preview-readiness" icon={Heart} title={t('profile.preview.marriageReadiness')}>
        <p className="flex flex-wrap items-center gap-2 text-stone-800">
          <span>{t('profile.preview.consultation')}:</span>
          <Badge variant={profile.marriageReadinessConsultation === 'yes' ? 'default' : 'outline'}>
            {consultationBadgeLabel(t, profile.marriageReadinessConsultation)}
          </Badge>
        </p>
      </PreviewSection>

      <p className="flex items-start gap-2 rounded-lg bg-saffron-50 p-4 text-sm text-saffron-800">
        <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('profile.preview.scoresNote')}
      </p>
    </div>
  );
}

function PreviewSection({ id, icon: Icon, title, children }: { id: string; icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="mb-3 flex items-center gap-2 text-lg font-semibold text-stone-900">
          <Icon aria-hidden className="size-5 text-saffron-700" />
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function DetailList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</dl>;
}

function Detail({ term, icon: Icon, children }: { term: string; icon?: LucideIcon; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1 text-sm font-medium text-stone-600">
        {Icon ? <Icon aria-hidden className="size-4" /> : null}
        {term}
      </dt>
      <dd className="mt-0.5 break-words text-stone-900">{children}</dd>
    </div>
  );
}
