import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, Skeleton } from '@/components/ui';

interface Props<T> {
  query: UseQueryResult<T>;
  /** Skeleton rows while loading, by height class (`h-14`). */
  skeletons: readonly string[];
  /** What failed to load, in the error line: `Erro ao carregar ${what}: …`. */
  what: string;
  /** Shown instead of `children` when the data is empty. */
  empty: ReactNode;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** A card body over a query: skeletons while it loads, its error with a retry, an empty state, the data. */
export function QueryBody<T>({ query, skeletons, what, empty, isEmpty, children }: Props<T>) {
  if (query.isPending) {
    return (
      <div className="space-y-3 p-5" aria-busy="true">
        {skeletons.map((height, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, never reordered
          <Skeleton key={index} className={`${height} w-full`} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3 p-5">
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          Erro ao carregar {what}: {query.error.message}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()} isLoading={query.isFetching}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  return isEmpty(query.data) ? empty : children(query.data);
}
