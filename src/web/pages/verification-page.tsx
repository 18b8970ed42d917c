import { Check, Circle, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { verificationRungs, type VerificationRung } from '#domain/verification/ladder';
import type { MyVerification } from '#domain/verification/selfie';
import { PageFrame } from '#web/components/page/page-frame';
import { QueryView } from '#web/components/page/query-view';
import { TitledSection } from '#web/components/page/titled-section';
import { Card } from '#web/components/ui/card';
import { ResendVerification } from '#web/features/auth/components/resend-verification';
import { useMyVerification } from '#web/features/verification/api/verification';
import { SelfieStep } from '#web/features/verification/components/selfie-step';
import { formatDate } from '#web/lib/format-date';

/**
 * Route /profile/verification: her own ladder, each rung done (with its date, as her matches see it) or what is
 * missing and how to get it, and the selfie step.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const verification = useMyVerification();
  return (
    <PageFrame width="form" title={t('verification.mine.title')} intro={<p>{t('verification.mine.intro')}</p>}>
      <QueryView query={verification} failed={t('verification.mine.loadFailed')} signedOut="profile">
        {(mine) => <Ladder mine={mine} />}
      </QueryView>
    </PageFrame>
  );
}

function Ladder({ mine }: { mine: MyVerification }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      {mine.full ? (
        <p className="flex items-center gap-2 rounded-md border border-green-300 bg-green-50 p-3 font-medium text-green-900" data-testid="my-full">
          <ShieldCheck aria-hidden className="size-5 shrink-0" />
          {t('verification.mine.fullDone', { date: formatDate(mine.full, i18n.language) })}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3" data-testid="my-ladder">
        {verificationRungs.map((rung) => (
          <li key={rung}>
            <Rung rung={rung} date={mine[rung]} />
          </li>
        ))}
      </ol>
      <TitledSection id="selfie-step-title" title={t('verification.selfie.title')} titleStyle="panel" anchor="selfie" className="flex flex-col gap-3">
        <SelfieStep check={mine.selfieCheck} holds={mine.selfie !== null} />
      </TitledSection>
    </div>
  );
}

function Rung({ rung, date }: { rung: VerificationRung; date: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="flex gap-3 p-4" data-testid={`my-rung-${rung}`} data-done={date !== null}>
      {date ? <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-green-800" /> : <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-stone-500" />}
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-semibold text-stone-900">{t(`verification.rungs.${rung}`)}</h2>
        <p className={date ? 'text-green-900' : 'text-stone-700'}>{date ? t('verification.mine.done', { date: formatDate(date, i18n.language) }) : t('verification.mine.missing')}</p>
        {date ? null : (
          <>
            <p className="text-sm text-stone-700">{t(`verification.mine.how.${rung}`)}</p>
            {rung === 'email' ? <ResendVerification /> : null}
            {rung === 'references' ? (
              <Link href="/profile/references" className="inline-flex min-h-11 items-center font-medium text-saffron-800 underline underline-offset-4">
                {t('verification.mine.askReferences')}
              </Link>
            ) : null}
            {rung === 'selfie' ? (
              <a href="#selfie" className="inline-flex min-h-11 items-center font-medium text-saffron-800 underline underline-offset-4">
                {t('verification.selfie.title')}
              </a>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}
