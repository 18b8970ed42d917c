import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MatchItem } from '#domain/matching/match-api';
import { Button } from '#web/components/ui/button';
import { allComponentRows, visiblePenalties } from '#web/lib/breakdown';
import { matchName, matchNameAndAge } from '#web/components/person/match-name';
import { PersonCard } from '#web/components/person/person-card';
import { TrustLine } from '#web/components/person/trust-line';
import { ScoreBadge, ScoreMeter } from '#web/components/person/score-badge';

/** The id of a card's name heading: "View Full Profile" is described by it, and Load more focuses it. */
export function matchCardHeadingId(profileId: string): string {
  return `match-${profileId}-name`;
}

/** spec §2 /browse card: photo or placeholder, name and age, score, breakdown, bar, View Full Profile. */
export function MatchCard({ match, priority = false }: { match: MatchItem; priority?: boolean }) {
  const { t } = useTranslation();
  const name = matchName(t, match.firstName);
  const headingId = matchCardHeadingId(match.profileId);
  const penalties = visiblePenalties(match.breakdown);

  return (
    <PersonCard
      layout="stacked"
      data-testid="match-card"
      data-profile-id={match.profileId}
      photo={{
        src: match.photos[0],
        alt: t('matches.browse.photoAlt', { name }),
        placeholderLabel: t('matches.browse.noPhoto', { name }),
        // The browse grid: one column on a phone, two from sm, three from lg (max-w-6xl).
        sizes: '(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw',
        // The first cards' photos load at once: one of them is the screen's largest paint.
        priority,
      }}
      headingId={headingId}
      heading={matchNameAndAge(t, match.firstName, match.age)}
      headingAside={<ScoreBadge score={match.score} />}
      details={
        <>
          <TrustLine facts={match} />
          {match.outsideMyAgeRange ? (
            <p className="text-sm text-stone-700" data-testid="outside-age-range">
              {t('matches.browse.outsideAgeRange')}
            </p>
          ) : null}
        </>
      }
    >
        <ScoreMeter score={match.score} />
        <div>
          <h3 className="text-sm font-semibold text-stone-800">
            {t('matches.browse.breakdownTitle')}
          </h3>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[360px]:grid-cols-2">
            {allComponentRows(match.breakdown).map((row) => (
              <div key={row.component} className="flex items-baseline justify-between gap-2" data-testid={`breakdown-${row.component}`}>
                <dt className="text-stone-600">{t(`matches.components.${row.component}`)}</dt>
                <dd className="font-medium text-stone-900 tabular-nums">
                  <span aria-hidden>
                    {row.points}/{row.max}
                  </span>
                  <span className="sr-only">{t('matches.score.pointsOf', { points: row.points, max: row.max })}</span>
                </dd>
              </div>
            ))}
            {penalties !== null ? (
              <div className="flex items-baseline justify-between gap-2" data-testid="breakdown-penalties">
                <dt className="text-stone-600">{t('matches.components.penalties')}</dt>
                <dd className="font-medium text-red-700 tabular-nums">{penalties}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <Button asChild className="mt-auto w-full">
          <Link href={`/match/${encodeURIComponent(match.profileId)}`} aria-describedby={headingId}>
            {t('matches.browse.viewProfile')}
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </Button>
    </PersonCard>
  );
}
