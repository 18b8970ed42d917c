import { useTranslation } from 'react-i18next';
import { scoreTone } from '#domain/matching/match-api';
import { cn } from '#web/lib/cn';
import { clampScore } from '#web/lib/breakdown';

/*
 * spec §9 score colours: 70 or more green (the spec's "default" badge), 50 to 69 yellow
 * ("secondary"), below 50 orange ("outline"). The shared Badge's variants are the brand's saffron
 * and amber, so the score has its own pill in the same shape with those three colours.
 */
const toneClasses = {
  high: 'border-transparent bg-green-700 text-white',
  medium: 'border-transparent bg-yellow-100 text-yellow-900',
  low: 'border-orange-600 bg-white text-orange-800',
} as const;

const barClasses = {
  high: 'bg-green-600',
  medium: 'bg-yellow-500',
  low: 'bg-orange-500',
} as const;

const sizes = {
  md: 'px-2.5 py-0.5 text-sm',
  lg: 'px-4 py-1 text-2xl',
} as const;

/** The score percent as a coloured pill. */
export function ScoreBadge({ score, size = 'md', className }: { score: number; size?: keyof typeof sizes; className?: string }) {
  const { t } = useTranslation();
  const tone = scoreTone(score);
  return (
    <span
      data-testid="match-score"
      data-tone={tone}
      className={cn('inline-flex items-center rounded-full border font-semibold whitespace-nowrap', toneClasses[tone], sizes[size], className)}
    >
      {t('matches.score.percent', { score: clampScore(score) })}
    </span>
  );
}

/** The score as a bar: an ARIA meter from 0 to 100, coloured like the badge. */
export function ScoreMeter({ score, className }: { score: number; className?: string }) {
  const { t } = useTranslation();
  const value = clampScore(score);
  const tone = scoreTone(score);
  return (
    <div
      role="meter"
      aria-label={t('matches.score.meterLabel')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={t('matches.score.badgeLabel', { score: value })}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-stone-200', className)}
    >
      <div className={cn('h-full rounded-full', barClasses[tone])} style={{ width: `${value}%` }} />
    </div>
  );
}
