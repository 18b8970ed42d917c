import { useTranslation } from 'react-i18next';
import type { Breakdown } from '#domain/matching/matching';
import { positiveComponentRows, visiblePenalties } from '#web/lib/breakdown';
import { ScoreBadge } from '#web/components/person/score-badge';

/** The score and its breakdown in a few lines: several can sit on one page (no ids, no headings of their own). */
export function ScoreSummary({ score, breakdown }: { score: number; breakdown: Breakdown }) {
  const { t } = useTranslation();
  const rows = positiveComponentRows(breakdown);
  const penalties = visiblePenalties(breakdown);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <span className="text-sm font-medium text-stone-700">{t('introductions.member.scoreTitle')}</span>
        <ScoreBadge score={score} />
      </div>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-700">
        {rows.map((row) => (
          <li key={row.component}>
            {t(`matches.components.${row.component}`)} +{row.points}
          </li>
        ))}
        {penalties === null ? null : <li>{t('matches.components.penalties')} {penalties}</li>}
      </ul>
    </div>
  );
}
