import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { memberFilters, type CoordinatorOverview, type MemberFilter } from '../../domain/introductions';
import { PageFrame } from '../components/page/page-frame';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { SelectField } from '../components/ui/select';
import { useCoordinatorIntroductions, useCoordinatorMembers, useCoordinatorOverview } from '../features/introductions/api/introductions';
import { RoleGate } from '../features/introductions/components/role-gate';
import { IntroductionStatusBadge } from '../features/introductions/components/status-badge';

/** Route /coordinator: the overview counts, the members' queue with search, and the follow-ups due. */
export function CoordinatorPage() {
  const { t } = useTranslation();
  const overview = useCoordinatorOverview();
  return (
    <PageFrame title={t('introductions.coordinator.title')} intro={<p>{t('introductions.coordinator.intro')}</p>} width="wide">
      <RoleGate query={overview} notAllowed={t('introductions.coordinator.notAllowed')}>
        {(counts) => (
          <div className="flex flex-col gap-8">
            <Overview counts={counts} />
            <MemberQueue />
            <FollowUpsDue />
          </div>
        )}
      </RoleGate>
    </PageFrame>
  );
}

function Overview({ counts }: { counts: CoordinatorOverview }) {
  const { t } = useTranslation();
  const items: Array<[string, string | number]> = [
    [t('introductions.coordinator.counts.waitingMembers'), counts.waitingMembers],
    [t('introductions.coordinator.counts.openRequests'), counts.openRequests],
    [t('introductions.coordinator.counts.awaitingElders'), counts.awaitingElders],
    [t('introductions.coordinator.counts.awaitingResponses'), counts.awaitingResponses],
    [t('introductions.coordinator.counts.followUpsDue'), counts.followUpsDue],
    [t('introductions.coordinator.counts.introduced'), counts.outcomes.introduced],
    [t('introductions.coordinator.counts.courting'), counts.outcomes.courting],
    [t('introductions.coordinator.counts.engaged'), counts.outcomes.engaged],
    [t('introductions.coordinator.counts.married'), counts.outcomes.married],
    [t('introductions.coordinator.counts.ended'), counts.outcomes.ended],
    [
      t('introductions.coordinator.counts.acceptanceRate'),
      counts.acceptanceRate === null ? t('introductions.coordinator.counts.none') : t('introductions.coordinator.counts.rate', { rate: counts.acceptanceRate }),
    ],
  ];
  return (
    <section aria-labelledby="coordinator-overview">
      <h2 id="coordinator-overview" className="mb-3 text-xl font-semibold text-stone-900">
        {t('introductions.coordinator.overview')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {items.map(([label, value]) => (
          <Card key={label} className="p-3">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-2xl font-semibold text-stone-900 tabular-nums">{value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

function MemberQueue() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<MemberFilter>('waiting');
  const [q, setQ] = useState('');
  const members = useCoordinatorMembers(filter, q.trim());
  return (
    <section aria-labelledby="coordinator-queue">
      <h2 id="coordinator-queue" className="mb-3 text-xl font-semibold text-stone-900">
        {t('introductions.coordinator.queue')}
      </h2>
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('introductions.coordinator.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value as MemberFilter)}
          options={memberFilters.map((value) => ({ value, label: t(`introductions.coordinator.filters.${value}`) }))}
        />
        <TextField type="search" label={t('introductions.coordinator.search')} value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
      </div>
      {members.isSuccess && members.data.length === 0 ? <p className="text-stone-700">{t('introductions.coordinator.noMembers')}</p> : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {(members.data ?? []).map((member) => (
          <li key={member.userId}>
            <Card className="flex flex-col gap-1 p-4">
              <Link href={`/coordinator/members/${member.userId}`} className="font-semibold break-words text-saffron-800 underline">
                {member.name}
              </Link>
              <p className="text-sm break-words text-stone-700">
                {t('introductions.coordinator.memberLine', { age: member.age ?? '—', location: member.location, community: member.community })}
              </p>
              <p className="text-sm text-stone-600">
                {t('introductions.coordinator.open', { count: member.openIntroductions })} · {t('introductions.coordinator.requests', { count: member.pendingRequests })}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FollowUpsDue() {
  const { t } = useTranslation();
  const due = useCoordinatorIntroductions('follow-up-due');
  return (
    <section aria-labelledby="coordinator-follow-ups">
      <h2 id="coordinator-follow-ups" className="mb-3 text-xl font-semibold text-stone-900">
        {t('introductions.coordinator.followUps')}
      </h2>
      {due.isSuccess && due.data.length === 0 ? <p className="text-stone-700">{t('introductions.coordinator.noFollowUps')}</p> : null}
      <ul className="flex flex-col gap-2">
        {(due.data ?? []).map((introduction) => (
          <li key={introduction.id}>
            <Card className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link href={`/coordinator/members/${introduction.memberA.userId}?introduction=${introduction.id}`} className="break-words text-saffron-800 underline">
                {t('introductions.coordinator.pair', { a: introduction.memberA.name ?? '—', b: introduction.memberB.name ?? '—' })}
              </Link>
              <IntroductionStatusBadge status={introduction.status} />
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
