import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, PageLoading } from '../../../components/page/page-frame';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

interface AdminSectionProps<T> {
  id: string;
  /** The heading before the list has loaded. */
  title: string;
  /** The heading with the count, once loaded. */
  titleWithCount: (count: number) => string;
  empty: string;
  query: UseQueryResult<T[]>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  /** Grid classes for the list (user profiles use 1/2/3 columns). */
  listClassName?: string;
}

/** One dashboard section: heading with count, and the loading, error, empty or list state. */
export function AdminSection<T>({ id, title, titleWithCount, empty, query, renderItem, itemKey, listClassName }: AdminSectionProps<T>) {
  const { t } = useTranslation();
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} aria-busy={query.isFetching || undefined} className="mt-10">
      <h2 id={titleId} className="font-serif text-2xl font-semibold text-stone-900">
        {query.data ? titleWithCount(query.data.length) : title}
      </h2>
      <div className="mt-4">
        {query.isPending && !query.isError ? (
          <PageLoading />
        ) : query.isError ? (
          <LoadFailed message={t('admin.dashboard.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : query.data.length === 0 ? (
          <Card>
            <p className="text-center text-stone-700">{empty}</p>
          </Card>
        ) : (
          <ul className={listClassName ?? 'grid grid-cols-1 gap-4'}>
            {query.data.map((item) => (
              <li key={itemKey(item)} className="min-w-0">
                {renderItem(item)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** A label and a value in a card's definition list; nothing when the value is empty. */
export function Detail({ label, value, multiline, className }: { label: string; value: ReactNode; multiline?: boolean; className?: string }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className={multiline ? 'break-words whitespace-pre-line text-stone-800' : 'break-words text-stone-800'}>{value}</dd>
    </div>
  );
}
