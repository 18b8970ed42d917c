import { BadgeCheck, Check, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TrustFacts } from '#domain/references/references';
import { verificationRungs, type VerificationLadder, type VerificationRung } from '#domain/verification/ladder';
import { Badge } from '../ui/badge';
import { formatDate } from '#web/lib/format-date';
import { cn } from '#web/lib/cn';

/**
 * "Verified by a coordinator": the badge says how and when on hover (title) and on tap or Enter (a native
 * disclosure, so it works with a keyboard and a screen reader without a script of ours).
 */
export function VerifiedBadge({ verifiedAt, method, className }: { verifiedAt: string; method: TrustFacts['verificationMethod']; className?: string }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(verifiedAt, i18n.language);
  const how = t(`references.badge.method.${method ?? 'in-person'}`, { date });
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

/** One rung held: a small tick, its name and its date (never its evidence). */
function RungTick({ rung, date }: { rung: VerificationRung; date: string }) {
  const { t, i18n } = useTranslation();
  const shown = formatDate(date, i18n.language);
  const name = t(`verification.rungs.${rung}`);
  return (
    <li className="inline-flex min-h-11 items-center" data-testid={`rung-${rung}`}>
      <Badge variant="outline" className="gap-1 border-green-700 text-green-900">
        <Check aria-hidden className="size-4" />
        <span aria-hidden>{name}</span>
        <time dateTime={date} aria-hidden className="font-normal text-stone-700">
          · {shown}
        </time>
        <span className="sr-only">{t('verification.tickLabel', { rung: name, date: shown })}</span>
      </Badge>
    </li>
  );
}

/**
 * An answer shaped as the spec's clients know it carries no rungs (they are additive, issue 50): nothing held, as for
 * a member who has none.
 */
const noRungs: VerificationLadder = { email: null, selfie: null, metByCoordinator: null, references: null, full: null };

function holdsAny(rungs: VerificationLadder): boolean {
  return verificationRungs.some((rung) => rungs[rung] !== null);
}

/**
 * What others see of a member's trust: "Fully verified" when all four rungs hold, each rung held as its own tick
 * with its date (the coordinator's meeting as the badge that says how), and the received references as a count
 * (never their content). Staff lists also show the badge of a verification the profile changed since.
 */
export function TrustLine({ facts, className }: { facts: Omit<TrustFacts, 'rungs'> & { rungs?: VerificationLadder | undefined }; className?: string }) {
  const { t, i18n } = useTranslation();
  const rungs = facts.rungs ?? noRungs;
  if (!facts.verified && facts.references === 0 && !holdsAny(rungs)) return null;
  return (
    <div className={cn('flex flex-wrap items-start gap-x-2', className)} data-testid="trust-line">
      {rungs.full ? (
        <span className="inline-flex min-h-11 items-center" data-testid="fully-verified">
          <Badge variant="default" className="gap-1">
            <ShieldCheck aria-hidden className="size-4" />
            <span aria-hidden>{t('verification.full')}</span>
            <span className="sr-only">{t('verification.fullLabel', { date: formatDate(rungs.full, i18n.language) })}</span>
          </Badge>
        </span>
      ) : null}
      {holdsAny(rungs) || facts.verified ? (
        <ul aria-label={t('verification.ticksLabel')} className="flex flex-wrap items-start gap-x-2">
          {rungs.email ? <RungTick rung="email" date={rungs.email} /> : null}
          {rungs.selfie ? <RungTick rung="selfie" date={rungs.selfie} /> : null}
          {facts.verified && facts.verifiedAt ? (
            <li data-testid="rung-metByCoordinator" className="inline-flex items-start gap-1">
              {/* The rung's date beside the badge that says how (inside it, the badge's name would not match its text). */}
              <VerifiedBadge verifiedAt={facts.verifiedAt} method={facts.verificationMethod} />
              {rungs.metByCoordinator ? (
                <time dateTime={rungs.metByCoordinator} className="inline-flex min-h-11 items-center text-sm text-stone-700">
                  {formatDate(rungs.metByCoordinator, i18n.language)}
                </time>
              ) : null}
            </li>
          ) : rungs.metByCoordinator ? (
            <RungTick rung="metByCoordinator" date={rungs.metByCoordinator} />
          ) : null}
          {rungs.references ? <RungTick rung="references" date={rungs.references} /> : null}
        </ul>
      ) : null}
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

/** The ladder alone, for a card that shows no count or badge of its own (the introduction card). */
export function VerificationTicks({ rungs, className }: { rungs: VerificationLadder; className?: string }) {
  if (!holdsAny(rungs)) return null;
  const facts: TrustFacts = { references: 0, verified: false, verifiedAt: null, verificationMethod: null, rungs };
  return <TrustLine facts={facts} className={className} />;
}
