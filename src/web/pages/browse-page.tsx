import { Pencil, UserRoundCheck } from 'lucide-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { PageFrame, PageLoading, StateCard } from '#web/components/page/page-frame';
import { SignedOut } from '#web/components/page/signed-out';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { flattenMatches, useMatches } from '#web/features/matches/api/matches';
import { rememberBrowseScroll, useRestoreBrowseScroll } from '#web/features/matches/browse-scroll';
import { MatchCard, matchCardHeadingId } from '#web/features/matches/components/match-card';
import { BrowseFilters, browseHref, narrowingFromSearch } from '#web/features/matches/components/browse-filters';
import { isProfileNotActiveError } from '#web/features/matches/match-errors';
import { isSignedOut } from '#web/lib/api';
import { errorText } from '#web/lib/error-text';

/** Cards rendered with the list's first paint: two rows of the widest grid, more than a phone's screen holds. */
const FIRST_CARDS = 6;
/** Cards added per task after the first ones: each commit stays well under the 50 ms of a long task on a phone. */
const CARDS_PER_TASK = 6;

/** Route /browse: Discover Your Matches (spec §2), best score first, 50 at a time. */
export function BrowsePage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const narrowing = narrowingFromSearch(search);
  const narrowed = Object.keys(narrowing).length > 0;
  const matches = useMatches(narrowing);
  // Keyed by the address: Back to an earlier narrowing shows its values in the form.
  const filters = <BrowseFilters key={search} narrowing={narrowing} onApply={(next) => navigate(browseHref(next))} />;
  const title = t('matches.browse.title');
  const loadMoreError: unknown = matches.isFetchNextPageError ? matches.error : null;
  const pages = matches.data?.pages ?? [];
  const items = flattenMatches(pages);
  const total = Math.max(pages.at(-1)?.total ?? 0, items.length);
  // The first screenful of cards at once, the rest of the 50 a few at a time, one batch a task: rendered in one go
  // they were a task of several hundred milliseconds on a phone, and even in a transition React commits them in one
  // (Lighthouse's total blocking time). Once the first list is out, more (Load more) show at once.
  const [shown, setShown] = useState(FIRST_CARDS);
  const moreToShow = items.length > shown;
  useEffect(() => {
    if (!moreToShow) return;
    const next = setTimeout(() => startTransition(() => setShown((count) => (count + CARDS_PER_TASK >= items.length ? Infinity : count + CARDS_PER_TASK))), 0);
    return () => clearTimeout(next);
  }, [moreToShow, shown, items.length]);
  const shownItems = moreToShow ? items.slice(0, shown) : items;
  useRestoreBrowseScroll(items.length > 0 && !moreToShow);

  // After Load more, keyboard and screen reader users continue at the first newly loaded card.
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    const index = focusIndex.current;
    const target = index === null ? undefined : items[index];
    if (!target) return;
    focusIndex.current = null;
    document.getElementById(matchCardHeadingId(target.profileId))?.focus();
  }, [items]);

  if (matches.isPending) {
    return (
      // The status line where the count will be, and nothing below it: no box the list would push down.
      <PageFrame title={title} width="wide" intro={<PageLoading />} />
    );
  }

  // A failed first load, or a failed refresh of a list shown before (the profile may have been
  // deactivated since): the error replaces the list. A failed Load more keeps the list (below).
  if (matches.isError && (matches.isLoadingError || matches.isRefetchError)) {
    const error = matches.error;
    // The session ended since the page opened.
    if (isSignedOut(error)) return <SignedOut area="browse" />;
    const notActive = isProfileNotActiveError(error);
    return (
      <PageFrame title={title} width="wide">
        {/* A narrowing the server refused (a distance from a place not on the map) can be changed from here. */}
        {narrowed && !notActive ? filters : null}
        <StateCard
          id="browse-state-title"
          title={notActive ? t('matches.browse.notActive.title') : t('matches.browse.error.title')}
          actions={<GetStartedButton />}
        >
          <p role={notActive ? undefined : 'alert'}>
            {notActive ? t('matches.browse.notActive.body') : errorText(t, error, t('matches.browse.error.fallback'))}
          </p>
        </StateCard>
      </PageFrame>
    );
  }

  if (items.length === 0 && narrowed) {
    return (
      <PageFrame title={title} width="wide">
        {filters}
        <StateCard
          id="browse-state-title"
          title={t('matches.filters.emptyTitle')}
          actions={
            <Button type="button" variant="secondary" onClick={() => navigate('/browse')}>
              {t('matches.filters.clear')}
            </Button>
          }
        >
          <p>{t('matches.filters.emptyBody')}</p>
        </StateCard>
      </PageFrame>
    );
  }

  if (items.length === 0) {
    return (
      <PageFrame title={title} width="wide">
        <StateCard
          id="browse-state-title"
          title={t('matches.browse.empty.title')}
          actions={
            <ButtonLink href="/profile" icon={Pencil}>{t('matches.browse.empty.edit')}</ButtonLink>
          }
        >
          <p>{t('matches.browse.empty.body')}</p>
        </StateCard>
      </PageFrame>
    );
  }

  async function loadMore() {
    // aria-disabled rather than disabled while loading: a disabled button would drop the focus.
    if (matches.isFetchingNextPage) return;
    focusIndex.current = items.length;
    const result = await matches.fetchNextPage();
    if (result.isError) focusIndex.current = null;
  }

  return (
    <PageFrame
      width="wide"
      title={title}
      intro={
        <>
          <p className="text-lg" data-testid="matches-count">
            {t('matches.browse.found', { count: total })}
          </p>
          <p className="mt-1 text-sm text-stone-600">{t('matches.browse.scoreNote')}</p>
        </>
      }
    >
      {filters}
      <ul aria-label={t('matches.browse.listLabel')} onClickCapture={rememberBrowseScroll} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shownItems.map((match, index) => (
          <li key={match.profileId}>
            {/* The first card's photo is the screen's largest paint on a phone. */}
            <MatchCard match={match} priority={index === 0} />
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-center gap-3 text-center">
        <p role="status" className="text-sm text-stone-600">
          {t('matches.browse.showing', { shown: items.length, total })}
        </p>
        {loadMoreError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('matches.browse.loadMoreFailed', { message: errorText(t, loadMoreError, t('matches.browse.error.fallback')) })}
          </p>
        ) : null}
        {matches.hasNextPage ? (
          <Button variant="secondary" onClick={() => void loadMore()} aria-disabled={matches.isFetchingNextPage}>
            {matches.isFetchingNextPage ? t('matches.browse.loadingMore') : t('matches.browse.loadMore')}
          </Button>
        ) : null}
      </div>
    </PageFrame>
  );
}

function GetStartedButton() {
  const { t } = useTranslation();
  return (
    <ButtonLink href="/profile" icon={UserRoundCheck}>{t('matches.browse.getStarted')}</ButtonLink>
  );
}
