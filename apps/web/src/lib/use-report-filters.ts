import type { ReportFilters } from '@atende/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchParamsPatch } from './use-search-params-patch';

/** The figures' filters live in the URL (`caixa`, `pessoa`, `etiqueta`): a manager shares or reloads them. */
const PARAMS = { inboxId: 'caixa', userId: 'pessoa', labelId: 'etiqueta' } as const;

export function useReportFilters(): [ReportFilters, (next: ReportFilters) => void] {
  const [params] = useSearchParams();
  const patchParams = useSearchParamsPatch();
  const filters = useMemo(() => {
    const out: ReportFilters = {};
    for (const [field, param] of Object.entries(PARAMS) as Array<[keyof ReportFilters, string]>) {
      const value = params.get(param);
      if (value) out[field] = value;
    }
    return out;
  }, [params]);
  const setFilters = useCallback(
    (next: ReportFilters) =>
      patchParams({
        [PARAMS.inboxId]: next.inboxId,
        [PARAMS.userId]: next.userId,
        [PARAMS.labelId]: next.labelId,
      }),
    [patchParams],
  );
  return [filters, setFilters];
}
