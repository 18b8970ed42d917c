import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  coordinatorIntroductionFilters,
  memberFilters,
  type CoordinatorIntroductionFilter,
  type CoordinatorOverview,
  type MemberBiodataFilters,
  type MemberFilter,
} from '#domain/introductions/introductions';
import { PageFrame } from '#web/components/page/page-frame';
import { QueryView } from '#web/components/page/query-view';
import { TitledSection } from '#web/components/page/titled-section';
import { Button } from '#web/components/ui/button';
import { flattenPages } from '#web/lib/api-page';
import { Card } from '#web/components/ui/card';
import { TextField } from '#web/components/ui/field';
import { SelectField, type SelectOption } from '#web/components/ui/select';
import { enumOptions } from '#web/components/person/enum-labels';
import { useCoordinatorIntroductions, useCoordinatorMembers, useCoordinatorOverview } from '#web/features/introductions/api/introductions';
import { RoleGate } from '#web/features/introductions/components/role-gate';
import { ConsultationQueue } from '#web/features/introductions/components/consultation-queue';
import { IntroductionStatusBadge } from '#web/features/introductions/components/status-badge';
import { TrustLine } from '#web/components/person/trust-line';
import type { RungFilter } from '#domain/verification/ladder';
import { RungSelect } from '#web/features/introductions/components/rung-select';

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
            <p>
              <Link href="/coordinator/outcomes" className="font-medium text-saffron-800 underline underline-offset-4">
                {t('introductions.outcomesPage.link')}
              </Link>
            </p>
            <p>
              <Link href="/coordinator/selfies" className="inline-flex min-h-11 items-center font-medium text-saffron-800 underline underline-offset-4" data-testid="selfie-review-link">
                {t('verification.review.link')}
              </Link>
            </p>
            <MemberQueue />
            <ConsultationQueue />
            <IntroductionList />
          </div>
        )}
      </RoleGate>
    </PageFrame>
  );
}

/**
 * The lists the page shows are named in its address (`?members=` and `?introductions=`), so each overview count links
 * to its list and a staff mail's link opens the right one.
 */
function useListParam<T extends string>(name: string, allowed: readonly T[], fallback: T): [T, (next: T) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const value = params.get(name);
  const current = allowed.includes(value as T) ? (value as T) : fallback;
  const set = (next: T) => {
    params.set(name, next);
    navigate(`/coordinator?${params}`, { replace: true });
  };
  return [current, set];
}

/** A link to one of the page's lists, which moves there (wouter does not scroll to a #fragment). */
function listHref(name: 'members' | 'introductions', value: string): string {
  return `/coordinator?${new URLSearchParams({ [name]: value })}`;
}
const scrollTo = (id: string) => () => requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));

function Overview({ counts }: { counts: CoordinatorOverview }) {
  const { t } = useTranslation();
  const members = (value: MemberFilter) => ({ href: listHref('members', value), target: 'coordinator-queue' });
  const introductions = (value: CoordinatorIntroductionFilter) => ({ href: listHref('introductions', value), target: 'coordinator-introductions' });
  const items: Array<[string, string | number, { href: string; target: string } | null]> = [
    [t('introductions.coordinator.counts.waitingMembers'), counts.waitingMembers, members('waiting')],
    [t('introductions.coordinator.counts.openRequests'), counts.openRequests, members('requested')],
    [t('introductions.coordinator.counts.awaitingElders'), counts.awaitingElders, introductions('awaiting-elders')],
    [t('introductions.coordinator.counts.awaitingResponses'), counts.awaitingResponses, introductions('awaiting-answer')],
    [t('introductions.coordinator.counts.followUpsDue'), counts.followUpsDue, introductions('follow-up-due')],
    [t('introductions.coordinator.counts.introduced'), counts.outcomes.introduced, introductions('introduced')],
    [t('introductions.coordinator.counts.courting'), counts.outcomes.courting, introductions('courting')],
    [t('introductions.coordinator.counts.engaged'), counts.outcomes.engaged, introductions('engaged')],
    [t('introductions.coordinator.counts.married'), counts.outcomes.married, introductions('married')],
    [t('introductions.coordinator.counts.ended'), counts.outcomes.ended, introductions('ended')],
    [
      t('introductions.coordinator.counts.acceptanceRate'),
      counts.acceptanceRate === null ? t('introductions.coordinator.counts.none') : t('introductions.coordinator.counts.rate', { rate: counts.acceptanceRate }),
      null,
    ],
  ];
  return (
    <TitledSection id="coordinator-overview" title={t('introductions.coordinator.overview')} titleStyle="list">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {items.map(([label, value, list]) => (
          <Card key={label} className="p-3">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-2xl font-semibold text-stone-900 tabular-nums">
              {list ? (
                <Link href={list.href} onClick={scrollTo(list.target)} className="text-saffron-800 underline" aria-label={t('introductions.coordinator.countLink', { label, value })}>
                  {value}
                </Link>
              ) : (
                value
              )}
            </dd>
          </Card>
        ))}
      </dl>
    </TitledSection>
  );
}

function MemberQueue() {
  const { t } = useTranslation();
  const [filter, setFilter] = useListParam<MemberFilter>('members', memberFilters, 'waiting');
  const [q, setQ] = useState('');
  const [biodata, setBiodata] = useState<MemberBiodataFilters>({});
  const [rung, setRung] = useState<RungFilter | ''>('');
  const members = useCoordinatorMembers(filter, q.trim(), { ...biodata, rung: rung || undefined });
  return (
    <TitledSection id="coordinator-queue-heading" title={t('introductions.coordinator.queue')} titleStyle="list" anchor="coordinator-queue" className="scroll-mt-4">
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('introductions.coordinator.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value as MemberFilter)}
          options={memberFilters.map((value) => ({ value, label: t(`introductions.coordinator.filters.${value}`) }))}
        />
        <TextField type="search" label={t('introductions.coordinator.search')} value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
        <BiodataFilters value={biodata} onChange={setBiodata} />
        <RungSelect value={rung} onChange={setRung} />
      </div>
      <QueryView
        query={{ ...members, data: members.data ? flattenPages(members.data.pages, (member) => member.userId) : undefined }}
        empty={<p className="text-stone-700">{t('introductions.coordinator.noMembers')}</p>}
      >
        {(list) => (
      <ul className="grid gap-3 md:grid-cols-2">
        {list.map((member) => (
          <li key={member.userId}>
            <Card className="flex flex-col gap-1 p-4">
              <Link href={`/coordinator/members/${member.userId}`} className="font-semibold break-words text-saffron-800 underline">
                {member.name}
              </Link>
              <p className="text-sm break-words text-stone-700">
                {t('introductions.coordinator.memberLine', { age: member.age ?? '—', location: member.location, community: member.community })}
              </p>
              <p className="text-sm text-stone-600">{t('introductions.coordinator.open', { count: member.openIntroductions })}</p>
              {/* Who asked, and who was asked about: each side of a request on its own line. */}
              {member.requestsMade > 0 ? (
                <p data-testid="requests-made" className="text-sm text-stone-600">
                  {t('introductions.coordinator.requestsMade', { count: member.requestsMade })}
                </p>
              ) : null}
              {member.requestsAbout > 0 ? (
                <p data-testid="requests-about" className="text-sm text-stone-600">
                  {t('introductions.coordinator.requestsAbout', { count: member.requestsAbout })}
                </p>
              ) : null}
              <TrustLine facts={member} />
              {member.changedSinceVerified ? (
                <p className="text-sm font-medium text-amber-900" title={t('references.staff.changedHint')} data-testid="changed-since-verified">
                  {t('references.staff.changedSinceVerified')}
                  <span className="sr-only">: {t('references.staff.changedHint')}</span>
                </p>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
        )}
      </QueryView>
      <LoadMore query={members} />
    </TitledSection>
  );
}

/** The members' list narrowed by their biodata: marital history, children, education and tradition (each "Any"). */
function BiodataFilters({ value, onChange }: { value: MemberBiodataFilters; onChange: (next: MemberBiodataFilters) => void }) {
  const { t } = useTranslation();
  const options = enumOptions(t);
  const any = t('introductions.coordinator.anyAnswer');
  const filter = <K extends keyof MemberBiodataFilters>(key: K, label: string, choices: readonly SelectOption[]) => (
    <SelectField
      label={label}
      options={choices}
      placeholder={any}
      value={String(value[key] ?? '')}
      onChange={(event) => onChange({ ...value, [key]: choices.find((choice) => choice.value === event.target.value)?.value })}
    />
  );
  return (
    <>
      {filter('maritalHistory', t('profile.biodata.maritalHistory'), options.maritalHistory)}
      {filter('children', t('profile.biodata.children'), options.children)}
      {filter('educationLevel', t('profile.biodata.education'), options.educationLevel)}
      {filter('tradition', t('profile.biodata.tradition'), options.tradition)}
    </>
  );
}

/** The next page of a coordinator list, while there is one. */
function LoadMore({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Button type="button" variant="secondary" className="mt-3" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {t('common.loadMore')}
    </Button>
  );
}

/** The introductions of one status or group; follow-ups due unless the address names another. */
function IntroductionList() {
  const { t } = useTranslation();
  const [filter, setFilter] = useListParam<CoordinatorIntroductionFilter>('introductions', coordinatorIntroductionFilters, 'follow-up-due');
  const list = useCoordinatorIntroductions(filter);
  const label = (value: CoordinatorIntroductionFilter) =>
    value === 'open' || value === 'follow-up-due' || value === 'awaiting-answer' ? t(`introductions.coordinator.introductionFilters.${value}`) : t(`introductions.statuses.${value}`);
  return (
    <TitledSection
      id="coordinator-introductions-heading"
      title={filter === 'follow-up-due' ? t('introductions.coordinator.followUps') : t('introductions.coordinator.introductions')}
      titleStyle="list"
      anchor="coordinator-introductions"
      className="scroll-mt-4"
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('introductions.coordinator.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value as CoordinatorIntroductionFilter)}
          options={coordinatorIntroductionFilters.map((value) => ({ value, label: label(value) }))}
        />
      </div>
      <QueryView
        query={{ ...list, data: list.data ? flattenPages(list.data.pages, (introduction) => introduction.id) : undefined }}
        empty={<p className="text-stone-700">{filter === 'follow-up-due' ? t('introductions.coordinator.noFollowUps') : t('introductions.coordinator.noIntroductions')}</p>}
      >
        {(introductions) => (
      <ul className="flex flex-col gap-2">
        {introductions.map((introduction) => (
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
        )}
      </QueryView>
      <LoadMore query={list} />
    </TitledSection>
  );
}
