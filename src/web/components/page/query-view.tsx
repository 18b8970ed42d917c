import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSignedOut } from '#web/lib/api';
import { errorText } from '#web/lib/error-text';
import { NeedsConnection } from './needs-connection';
import { LoadFailed, PageLoading } from './page-frame';
import { SignedOut, type SignedOutArea } from './signed-out';

/** What QueryView reads of a TanStack query (a useQuery result, or a hand-made one for a gate). */
export interface ViewedQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  isFetching?: boolean;
  /** Waiting for the connection (offline): asked by itself once it is back. */
  isPaused?: boolean;
  refetch: () => unknown;
}

/**
 * The one way a screen shows a query's states: loading (a status line screen readers announce), failed
 * (the answer's code in the member's words, else the screen's `failed` line, with Retry), signed out (the screen's
 * sign-in prompt that comes back here, when `signedOut` names it; a whole page), empty (`empty`, when given and
 * `isEmpty` says so: by default an empty array), offline before the first answer (the screen needs the connection and
 * loads by itself when it is back), and otherwise `children` with the data.
 */
export function QueryView<T>({
  query,
  children,
  loading,
  loadingClassName,
  failed,
  empty,
  isEmpty = defaultIsEmpty,
  signedOut,
}: {
  query: ViewedQuery<T>;
  children: (data: T) => ReactNode;
  /** The loading line (default common.loading). */
  loading?: string;
  /** Room held while loading (a list that would otherwise push what follows down as it arrives). */
  loadingClassName?: string;
  /** The screen's own "could not load" line, shown when the answer carries no code (default: the generic one). */
  failed?: string;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  signedOut?: SignedOutArea;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    if (signedOut && isSignedOut(query.error)) return <SignedOut area={signedOut} />;
    // A failed background refresh keeps what was loaded on screen.
    if (query.data === undefined) {
      return <LoadFailed message={errorText(t, query.error, failed)} onRetry={() => void query.refetch()} retrying={query.isFetching ?? false} />;
    }
  }
  if (query.data === undefined && query.isPaused) return <NeedsConnection />;
  if (query.data === undefined) {
    return loadingClassName ? (
      <div className={loadingClassName}>
        <PageLoading label={loading} />
      </div>
    ) : (
      <PageLoading label={loading} />
    );
  }
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

function defaultIsEmpty(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}
