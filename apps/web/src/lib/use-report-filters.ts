import type { ReportFilters } from '@atende/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The figures' filters live in the URL (`caixa`, `pessoa`, `etiqueta`): a manager shares or reloads them. */
const PARAMS = { inboxId: 'caixa', userId: 'pessoa', labelId: 'etiqueta' } as const;

export function useReportFilters(): [ReportFilters, (next: ReportFilters) => void] {
  const [params, setParams] = useSearchParams();
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
      setParams(
        (current) => {
          const p = new URLSearchParams(current);
          for (const [field, param] of Object.entries(PARAMS) as Array<[keyof ReportFilters, string]>) {
            const value = next[field];
            if (value) p.set(param, value);
            else p.delete(param);
          }
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, setFilters];
}
