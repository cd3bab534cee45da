import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, Card, CardContent, Skeleton } from '@/components/ui';

/**
 * Renders `children` with a query's data; until then a card: a title and `fields` skeleton lines while it
 * loads, or its error with a retry.
 */
export function QueryCard<T>({
  query,
  fields,
  children,
}: {
  query: UseQueryResult<T>;
  fields: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Card>
        <CardContent className="space-y-4">
          <Skeleton className="h-5 w-48" />
          {Array.from({ length: fields }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered
            <Skeleton key={i} className={i === fields - 1 ? 'h-9 w-2/3' : 'h-9 w-full'} />
          ))}
        </CardContent>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <CardContent className="flex flex-col items-start gap-3">
          <p className="text-red-600 text-sm dark:text-red-400">{query.error.message}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        </CardContent>
      </Card>
    );
  }
  return children(query.data);
}
