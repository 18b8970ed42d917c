import { Check, Minus, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MatchDetail } from '#domain/matching/match-api';
import type { BiodataFit } from '#domain/matching/biodata-fit';
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
        <BiodataFitList fits={compatibility.biodataFit} />
      </section>
    </Card>
  );
}

/** What each fit says (tradition and family involvement are never "open": only wanting children has that answer). */
const FIT_TEXT = {
  wantsChildren: { same: 'matches.fit.childrenSame', open: 'matches.fit.childrenOpen', different: 'matches.fit.childrenDifferent' },
  tradition: { same: 'matches.fit.traditionSame', open: 'matches.fit.traditionDifferent', different: 'matches.fit.traditionDifferent' },
  familyInvolvement: { same: 'matches.fit.familySame', open: 'matches.fit.familyDifferent', different: 'matches.fit.familyDifferent' },
} as const;

/**
 * The biodata beside the score (docs/matching.md): the answers both gave on children, tradition and family
 * involvement, agreeing or not. Nothing when they share none of them.
 */
function BiodataFitList({ fits }: { fits: readonly BiodataFit[] }) {
  const { t } = useTranslation();
  if (fits.length === 0) return null;
  return (
    <div className="mt-4 border-t border-stone-100 pt-4" data-testid="biodata-fit">
      <h3 className="font-medium text-stone-900">{t('matches.fit.title')}</h3>
      <p className="text-sm text-stone-600">{t('matches.fit.intro')}</p>
      <ul className="mt-2 flex flex-col gap-1">
        {fits.map(({ field, fit }) => (
          <li key={field} className="flex items-start gap-2 text-stone-800">
            {fit === 'different' ? <Minus aria-hidden className="mt-1 size-4 shrink-0 text-stone-500" /> : <Check aria-hidden className="mt-1 size-4 shrink-0 text-green-700" />}
            <span>{t(FIT_TEXT[field][fit])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
