import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { funnelStages, type Outcomes } from '#domain/introductions/outcomes';
import { PageFrame } from '#web/components/page/page-frame';
import { TitledSection } from '#web/components/page/titled-section';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { TextField } from '#web/components/ui/field';
import { RoleGate } from '#web/features/introductions/components/role-gate';

/** "2026-11" in the reader's language: "Nov 2026", "nov 2026". */
function monthLabel(month: string, language: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/**
 * Route /coordinator/outcomes (issue 51): what became of the introductions proposed in a range of months, stage by
 * stage; why people said no; each coordinator's figures. Figures only: no member is named here.
 */
export function CoordinatorOutcomesPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const params = range ? `?${new URLSearchParams(range)}` : '';
  const outcomes = useQuery<Outcomes>({ queryKey: [`/api/coordinator/outcomes${params}`] });
  return (
    <PageFrame title={t('introductions.outcomesPage.title')} intro={<p>{t('introductions.outcomesPage.intro')}</p>} width="wide">
      <p className="mb-4">
        <Link href="/coordinator" className="font-medium text-saffron-800 underline underline-offset-4">
          {t('introductions.outcomesPage.back')}
        </Link>
      </p>
      <RoleGate query={outcomes} notAllowed={t('introductions.coordinator.notAllowed')}>
        {(figures) => (
          <div className="flex flex-col gap-8">
            <RangeForm key={`${figures.from}-${figures.to}`} from={figures.from} to={figures.to} onChange={setRange} />
            <Funnel figures={figures} />
            <Reasons figures={figures} />
            <Coordinators figures={figures} />
          </div>
        )}
      </RoleGate>
    </PageFrame>
  );
}

function RangeForm({ from, to, onChange }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void }) {
  const { t } = useTranslation();
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const backwards = start > end;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!backwards && start && end) onChange({ from: start, to: end });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={t('introductions.outcomesPage.range')}>
      <TextField type="month" label={t('introductions.outcomesPage.from')} value={start} onChange={(event) => setStart(event.target.value)} className="w-44" />
      <TextField
        type="month"
        label={t('introductions.outcomesPage.to')}
        value={end}
        onChange={(event) => setEnd(event.target.value)}
        error={backwards ? t('introductions.validation.monthRangeInvalid') : undefined}
        className="w-44"
      />
      <Button type="submit" variant="secondary">
        {t('introductions.outcomesPage.show')}
      </Button>
    </form>
  );
}

/** The stages as a table, a row a month and the totals last; it scrolls inside its card on a phone. */
function Funnel({ figures }: { figures: Outcomes }) {
  const { t, i18n } = useTranslation();
  const rows = [...figures.months.map((row) => ({ label: monthLabel(row.month, i18n.language), row })), { label: t('introductions.outcomesPage.total'), row: figures.totals }];
  return (
    <TitledSection id="outcomes-funnel" title={t('introductions.outcomesPage.funnel')} titleStyle="list">
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <Card className="overflow-x-auto p-0 focus-visible:outline-2 focus-visible:outline-saffron-700" tabIndex={0} role="region" aria-label={t('introductions.outcomesPage.funnel')}>
        <table className="w-full min-w-[40rem] text-left text-sm" data-testid="outcomes-funnel">
          <caption className="sr-only">{t('introductions.outcomesPage.funnel')}</caption>
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className="p-2 font-semibold">
                {t('introductions.outcomesPage.month')}
              </th>
              {funnelStages.map((stage) => (
                <th key={stage} scope="col" className="p-2 font-semibold">
                  {t(`introductions.outcomesPage.stages.${stage}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ label, row }) => (
              <tr key={label} className="border-t border-stone-200">
                <th scope="row" className="p-2 font-medium whitespace-nowrap">
                  {label}
                </th>
                {funnelStages.map((stage) => (
                  <td key={stage} className="p-2 tabular-nums">
                    {row[stage]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </TitledSection>
  );
}

function Reasons({ figures }: { figures: Outcomes }) {
  const { t } = useTranslation();
  return (
    <TitledSection id="outcomes-reasons" title={t('introductions.outcomesPage.reasons')} titleStyle="list">
      {figures.reasons.length === 0 ? (
        <Card>
          <p className="text-stone-700">{t('introductions.outcomesPage.noReasons')}</p>
        </Card>
      ) : (
        <Card>
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1" data-testid="outcomes-reasons">
            {figures.reasons.map(({ reason, count }) => (
              <div key={reason} className="contents">
                <dt className="text-stone-800">{t(`introductions.declineReasons.${reason}`)}</dt>
                <dd className="text-right font-semibold tabular-nums">{count}</dd>
              </div>
            ))}
          </dl>
        </Card>
      )}
    </TitledSection>
  );
}

function Coordinators({ figures }: { figures: Outcomes }) {
  const { t } = useTranslation();
  return (
    <TitledSection id="outcomes-coordinators" title={t('introductions.outcomesPage.coordinators')} titleStyle="list">
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="outcomes-coordinators">
        {figures.coordinators.map((row) => (
          <li key={row.userId}>
            <Card className="p-3">
              <p className="font-semibold break-words text-stone-900">{row.name ?? t('introductions.outcomesPage.unnamed')}</p>
              <p className="text-sm text-stone-700">
                {t('introductions.outcomesPage.coordinatorLine', { proposed: row.proposed, accepted: row.bothAccepted, met: row.met, married: row.married })}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
