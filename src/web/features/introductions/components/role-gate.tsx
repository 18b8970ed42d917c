import type { ReactNode } from 'react';
import { LoadFailed, PageLoading } from '../../../components/page/page-frame';
import { Card } from '../../../components/ui/card';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';

/**
 * A coordinator or elder screen's data: loading, refused (403: this member lacks the role, which the server
 * decides), failed, or the content.
 */
export function RoleGate<T>({
  query,
  notAllowed,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; isFetching: boolean; refetch: () => unknown };
  notAllowed: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 403) {
      return (
        <Card>
          <p role="alert" className="text-stone-700">
            {notAllowed}
          </p>
        </Card>
      );
    }
    return <LoadFailed message={t('common.errors.generic')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return children(query.data as T);
}
