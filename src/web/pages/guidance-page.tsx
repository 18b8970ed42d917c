import { BookOpen, HandHeart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { QueryView } from '#web/components/page/query-view';
import { TitledSection } from '#web/components/page/titled-section';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { usePublicVolunteers } from '#web/features/volunteers/api/public-volunteers';
import { VolunteerCard, type Viewer } from '#web/features/volunteers/components/volunteer-card';

/** Route /guidance: Guidance and Mentorship, for visitors and signed-in users alike (spec §2). */
export function GuidancePage() {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const volunteers = usePublicVolunteers();
  const applied = user !== null && user.volunteer !== 'none';
  const viewer: Viewer = isLoading ? { state: 'loading' } : user ? { state: 'user', id: user.id } : { state: 'visitor' };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <header className="max-w-3xl">
        <h1 className="font-serif text-3xl font-bold text-stone-900 md:text-4xl">{t('guidance.title')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-stone-700">{t('guidance.intro')}</p>
        <p className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-stone-700">
          <span>{t('guidance.donationIntro')}</span>
          <Link href="/donation-guide" className="inline-flex min-h-11 items-center gap-1 font-medium text-saffron-800 underline">
            <BookOpen aria-hidden className="size-4" />
            {t('guidance.donationLink')}
          </Link>
        </p>
        <p className="mt-6 border-l-4 border-saffron-600 pl-4 font-serif text-xl text-saffron-800 italic">{t('guidance.tagline')}</p>
      </header>

      <TitledSection id="guidance-volunteers-title" title={t('guidance.listTitle')} titleStyle="page" className="mt-10">
        <div className="mt-6">
          {/* About one card's height held while the list loads: the card below would otherwise jump down as the
              photos' cards arrive (a layout shift of 0.2 on a phone). */}
          <QueryView
            query={volunteers}
            loadingClassName="min-h-[36rem]"
            failed={t('guidance.loadFailed')}
            empty={
              <Card className="flex flex-col items-center gap-3 text-center">
                <p className="max-w-2xl text-stone-700">{t('guidance.emptyHonest')}</p>
                {applied ? null : (
                  <Link href="/volunteer-apply" className="inline-flex min-h-11 items-center gap-1 font-medium text-saffron-800 underline">
                    <HandHeart aria-hidden className="size-4" />
                    {t('guidance.emptyApply')}
                  </Link>
                )}
              </Card>
            }
          >
            {(list) => (
            <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
              {list.map((volunteer, index) => (
                <li key={volunteer.id}>
                  <VolunteerCard volunteer={volunteer} viewer={viewer} firstInList={index === 0} />
                </li>
              ))}
            </ul>
            )}
          </QueryView>
        </div>
      </TitledSection>

      {/* Who already applied gets their volunteer profile here, not a second application. */}
      <Card className="mt-12 flex flex-col gap-3 bg-saffron-50 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-serif text-xl font-semibold text-stone-900">{applied ? t('guidance.volunteer.mineTitle') : t('guidance.volunteer.title')}</h2>
          <p className="mt-1 text-stone-700">{applied ? t('guidance.volunteer.mineBody') : t('guidance.volunteer.body')}</p>
        </div>
        <ButtonLink href={applied ? '/volunteer-profile' : '/volunteer-apply'} icon={HandHeart} iconSize="md" variant="secondary" className="shrink-0">
          {applied ? t('guidance.volunteer.mine') : t('guidance.volunteer.action')}
        </ButtonLink>
      </Card>
    </div>
  );
}
