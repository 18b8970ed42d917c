import type { UseQueryResult } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '#domain/staff/list-query';
import type { useListFilters } from '../use-list-filters';
import { AdminSection, type AdminSectionProps } from './admin-section';
import { ListControls } from './list-controls';
import { Pager } from './pager';

interface PagedAdminSectionProps<T, S extends string> extends Omit<AdminSectionProps<T>, 'query' | 'items' | 'total' | 'toolbar' | 'footer'> {
  /** One page of the list and the whole list's size (X-Total-Count). */
  query: UseQueryResult<{ items: T[]; total: number }>;
  filters: ReturnType<typeof useListFilters<S>>;
  statuses: ReadonlyArray<{ value: S; label: string }>;
  /** The id prefix of the search box and the status filter. */
  controlsId: string;
  searchLabel: string;
  pagesLabel: string;
}

/** A dashboard section over a searchable, filterable, paged admin list: its controls above, its pager below. */
export function PagedAdminSection<T, S extends string>({ query, filters, statuses, controlsId, searchLabel, pagesLabel, ...section }: PagedAdminSectionProps<T, S>) {
  return (
    <AdminSection
      {...section}
      query={query}
      items={query.data?.items}
      total={query.data?.total}
      toolbar={
        <ListControls
          id={controlsId}
          searchLabel={searchLabel}
          search={filters.search}
          onSearch={filters.setSearch}
          status={filters.status}
          statuses={statuses}
          onStatus={filters.setStatus}
        />
      }
      footer={
        <Pager
          label={pagesLabel}
          offset={filters.params.offset}
          limit={LIST_PAGE_SIZE}
          shown={query.data?.items.length ?? 0}
          total={query.data?.total ?? 0}
          onOffset={filters.setOffset}
        />
      }
    />
  );
}
