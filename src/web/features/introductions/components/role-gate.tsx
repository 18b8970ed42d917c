import type { ReactNode } from 'react';
import { QueryView, type ViewedQuery } from '#web/components/page/query-view';
import { Card } from '#web/components/ui/card';
import { ApiError } from '#web/lib/api';

/**
 * A coordinator or elder screen's data: loading, refused (403: this member lacks the role, which the server
 * decides), failed, or the content.
 */
export function RoleGate<T>({
  query,
  notAllowed,
  children,
}: {
  query: ViewedQuery<T>;
  notAllowed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError && query.error instanceof ApiError && query.error.status === 403) {
    return (
      <Card>
        <p role="alert" className="text-stone-700">
          {notAllowed}
        </p>
      </Card>
    );
  }
  return <QueryView query={query}>{children}</QueryView>;
}
