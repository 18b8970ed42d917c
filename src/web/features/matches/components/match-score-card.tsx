import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MatchDetail } from '#domain/matching/match-api';
import { Card } from '#web/components/ui/card';
import { positiveComponentRows, visiblePenalties } from '#web/lib/breakdown';
import { ScoreBadge, ScoreMeter } from '#web/components/person/score-badge';

/**
 * spec §2 /match/{id} score card: the percentage and the breakdown, each component as "+N" only
 * when above zero, penalties only when negative. Each row says what it measures (docs/matching.md).
 */
export function MatchScoreCard({ compatibility }: { compatibility: MatchDetail['compatibility'] }) {
  const { t } = useTranslation();
  const rows = positiveComponentRows(compatibility.breakdown);
  const penalties = visiblePenalties(compatibility.breakdown);

  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby="match-score-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="match-score-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
            <Sparkles aria-hidden className="size-5 text-saffron-700" />
            {t('matches.detail.scoreTitle')}
          </h2>
          <ScoreBadge score={compatibility.score} size="lg" />
        </div>
        <ScoreMeter score={compatibility.score} className="mt-4" />
        <p className="mt-4 text-sm text-stone-600">{t('matches.detail.scoreIntro')}</p>
        {rows.length === 0 && penalties === null ? (
          <p className="mt-3 text-stone-700">{t('matches.detail.noPoints')}</p>
        ) : (
          <dl className="mt-3 divide-y divide-stone-100">
            {rows.map((row) => (
              <div key={row.component} className="flex items-start justify-between gap-4 py-2" data-testid={`breakdown-${row.component}`}>
                <dt className="min-w-0">
                  <span className="font-medium text-stone-900">{t(`matches.components.${row.component}`)}</span>
                  <span className="block text-sm text-stone-600">{t(`matches.hints.${row.component}`)}</span>
                </dt>
                <dd className="shrink-0 text-right tabular-nums">
                  <span className="font-semibold text-green-800" data-testid="breakdown-points">
                    {t('matches.score.plusPoints', { points: row.points })}
                  </span>
                  <span className="block text-xs text-stone-600">{t('matches.score.pointsOf', { points: row.points, max: row.max })}</span>
                </dd>
              </div>
            ))}
            {penalties !== null ? (
              <div className="flex items-start justify-between gap-4 py-2" data-testid="breakdown-penalties">
                <dt className="min-w-0">
                  <span className="font-medium text-stone-900">{t('matches.components.penalties')}</span>
                  <span className="block text-sm text-stone-600">{t('matches.hints.penalties')}</span>
                </dt>
                <dd className="shrink-0 font-semibold text-red-700 tabular-nums" data-testid="breakdown-points">
                  {penalties}
                </dd>
              </div>
            ) : null}
          </dl>
        )}
      </section>
    </Card>
  );
}
