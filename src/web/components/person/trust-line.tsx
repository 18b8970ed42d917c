import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TrustFacts } from '#domain/references/references';
import { Badge } from '../ui/badge';
import { formatDate } from '#web/lib/format-date';
import { cn } from '#web/lib/cn';

/**
 * "Verified by a coordinator": the badge says how and when on hover (title) and on tap or Enter (a native
 * disclosure, so it works with a keyboard and a screen reader without a script of ours).
 */
export function VerifiedBadge({ verifiedAt, method, className }: { verifiedAt: string; method: TrustFacts['verificationMethod']; className?: string }) {
  const { t, i18n } = useTranslation();
  const how = t(`references.badge.method.${method ?? 'in-person'}`, { date: formatDate(verifiedAt, i18n.language) });
  return (
    <details className={cn('group inline-block', className)} data-testid="verified-badge">
      <summary title={how} aria-label={`${t('references.badge.verified')}. ${t('references.badge.howLabel')}`} className="inline-flex min-h-11 cursor-pointer list-none items-center [&::-webkit-details-marker]:hidden">
        <Badge variant="success" className="gap-1">
          <BadgeCheck aria-hidden className="size-4" />
          {t('references.badge.verified')}
        </Badge>
      </summary>
      <p className="mt-1 max-w-xs text-sm text-stone-700">{how}</p>
    </details>
  );
}

/** The badge when verified, and the received references as a count (never their content). */
export function TrustLine({ facts, className }: { facts: TrustFacts; className?: string }) {
  const { t } = useTranslation();
  if (!facts.verified && facts.references === 0) return null;
  return (
    <div className={cn('flex flex-wrap items-start gap-2', className)} data-testid="trust-line">
      {facts.verified && facts.verifiedAt ? <VerifiedBadge verifiedAt={facts.verifiedAt} method={facts.verificationMethod} /> : null}
      {facts.references > 0 ? (
        <span className="inline-flex min-h-11 items-center">
          <Badge variant="outline" data-testid="reference-count">
            {t('references.badge.references', { count: facts.references })}
          </Badge>
        </span>
      ) : null}
    </div>
  );
}
