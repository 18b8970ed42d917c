import { useEffect, useState } from 'react';
import { LIST_PAGE_SIZE, type ListParams } from '#domain/staff/list-query';

/** How long typing must pause before the search is sent: one request per word, not per keystroke. */
const SEARCH_PAUSE_MS = 300;

/** The search text, status filter and page of one admin list, as the list query the server takes. */
export function useListFilters<S extends string>() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatusState] = useState<S | ''>('');
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setOffset(0);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const params: ListParams<S> = { q: q || undefined, status: status || undefined, limit: LIST_PAGE_SIZE, offset };
  return {
    params,
    search,
    setSearch,
    status,
    setStatus: (next: S | '') => {
      setStatusState(next);
      setOffset(0);
    },
    setOffset,
  };
}
