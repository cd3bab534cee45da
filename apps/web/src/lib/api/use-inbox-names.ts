import { useMemo } from 'react';
import { useInboxes } from './get-inboxes';

/**
 * Inbox id → name, removed inboxes included (their conversations stay readable), or null while there
 * is only one inbox: with one number, naming it on every conversation would say nothing.
 */
export function useInboxNames(): ReadonlyMap<string, string> | null {
  const { data } = useInboxes({ removed: true });
  return useMemo(() => {
    if (!data || data.length < 2) return null;
    return new Map(data.map((inbox) => [inbox.id, inbox.name]));
  }, [data]);
}
