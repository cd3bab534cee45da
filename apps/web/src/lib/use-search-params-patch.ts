import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** A change to some of the URL's search params: a value sets one, null or '' removes it. */
export type SearchParamsPatch = Readonly<Record<string, string | null | undefined>>;

/** The params the last change asked for, and the rendered params it was made from. */
let pending: { from: string; next: string } | null = null;

/**
 * Sets or removes some search params and keeps the others. React Router's functional setter hands over
 * the params of the caller's last render, so a second change made before the page re-rendered (a filter
 * cleared, then a tab clicked at once, from another component) would bring back what the first removed:
 * a change made from the same rendered params builds on the one before it.
 */
export function useSearchParamsPatch(): (patch: SearchParamsPatch, options?: { replace?: boolean }) => void {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  useEffect(() => {
    // The URL moved on (the change landed, or back/forward): what was pending no longer applies.
    if (pending && pending.from !== rendered) pending = null;
  }, [rendered]);
  return useCallback(
    (patch, { replace = true } = {}) => {
      const next = new URLSearchParams(pending?.from === rendered ? pending.next : rendered);
      for (const [key, value] of Object.entries(patch)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      pending = { from: rendered, next: next.toString() };
      setParams(next, { replace });
    },
    [rendered, setParams],
  );
}
