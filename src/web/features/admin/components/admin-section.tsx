import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '#web/components/page/query-view';
import { Card } from '#web/components/ui/card';
import { cn } from '#web/lib/cn';

export interface AdminSectionProps<T> {
  id: string;
  /** The heading before the list has loaded. */
  title: string;
  /** The heading with the count, once loaded. */
  titleWithCount: (count: number) => string;
  empty: string;
  /** The list's loading state (the items come separately: a paged list's data is a page, not an array). */
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'>;
  items: T[] | undefined;
  /** The whole list's size, when the items are one page of it (else the items are counted). */
  total?: number | undefined;
  /** Search and filters, above the list. */
  toolbar?: ReactNode;
  /** The pager, below the list. */
  footer?: ReactNode;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  /** Grid classes for the list (user profiles use 1/2/3 columns). */
  listClassName?: string;
}

/** One dashboard section: heading with count, its filters, and the loading, error, empty or list state. */
export function AdminSection<T>({ id, title, titleWithCount, empty, query, items, total, toolbar, footer, renderItem, itemKey, listClassName }: AdminSectionProps<T>) {
  const { t } = useTranslation();
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} aria-busy={query.isFetching || undefined} className="mt-10 scroll-mt-4">
      <h2 id={titleId} tabIndex={-1} className="font-serif text-2xl font-semibold text-stone-900">
        {items ? titleWithCount(total ?? items.length) : title}
      </h2>
      {toolbar ? <div className="mt-4">{toolbar}</div> : null}
      <div className="mt-4">
        <QueryView
          query={{ ...query, data: items }}
          failed={t('admin.dashboard.loadFailed')}
          empty={
            <Card>
              <p className="text-center text-stone-700">{empty}</p>
            </Card>
          }
        >
          {(list) => (
            <ul className={listClassName ?? 'grid grid-cols-1 gap-4'}>
              {list.map((item) => (
                <li key={itemKey(item)} className="min-w-0">
                  {renderItem(item)}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </div>
      {footer}
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
