import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refetchRacedFetches, watchRacedFetches } from './refetch-raced-fetches';

/** A list query whose every fetch answers what the "server" holds when the test lets it land. */
function listOnServer() {
  const server = ['antiga'];
  const landings: Array<() => void> = [];
  let fetches = 0;
  const qc = new QueryClient();
  const observer = new QueryObserver<string[]>(qc, {
    queryKey: ['conversations', 'list'],
    queryFn: () => {
      fetches++;
      // Read now (before a later commit), answered when the test says.
      const read = [...server];
      return new Promise<string[]>((resolve) => landings.push(() => resolve(read)));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return {
    qc,
    server,
    fetches: () => fetches,
    land: () => landings.shift()?.(),
    data: () => qc.getQueryData<string[]>(['conversations', 'list']),
    unsubscribe,
  };
}

describe('refetchRacedFetches', () => {
  afterEach(() => vi.useRealTimers());

  it('fetches again after a fetch that an event raced, so its stale answer does not stay', async () => {
    const list = listOnServer();
    expect(list.fetches()).toBe(1);
    // A new conversation is committed and its event patches the cache while the fetch is under way.
    list.server.push('nova');
    refetchRacedFetches(list.qc, ['conversations']);
    list.qc.setQueryData<string[]>(['conversations', 'list'], (rows) => [...(rows ?? []), 'nova']);
    list.land();
    await vi.waitFor(() => expect(list.fetches()).toBe(2));
    list.land();
    await vi.waitFor(() => expect(list.data()).toEqual(['antiga', 'nova']));
    list.unsubscribe();
  });

  it('once watched, any write into a query being fetched (a mutation’s answer) is followed by a fetch', async () => {
    const list = listOnServer();
    watchRacedFetches(list.qc);
    // A save answered while the list's fetch, read before it, is still under way.
    list.server.push('salva');
    list.qc.setQueryData<string[]>(['conversations', 'list'], ['antiga', 'salva']);
    list.land();
    await vi.waitFor(() => expect(list.fetches()).toBe(2));
    list.land();
    await vi.waitFor(() => expect(list.data()).toEqual(['antiga', 'salva']));
    // A write with no fetch under way costs nothing more.
    list.qc.setQueryData<string[]>(['conversations', 'list'], ['antiga', 'salva', 'local']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(list.fetches()).toBe(2);
    list.unsubscribe();
  });

  it('leaves a query alone when no fetch was under way, and refetches at most every 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const list = listOnServer();
    list.land();
    await vi.waitFor(() => expect(list.data()).toEqual(['antiga']));
    refetchRacedFetches(list.qc, ['conversations']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(list.fetches()).toBe(1);

    // A stream of events, each racing the fetch before it: one refetch per 2 s, not one per fetch.
    void list.qc.invalidateQueries({ queryKey: ['conversations'] });
    refetchRacedFetches(list.qc, ['conversations']);
    list.land();
    await vi.advanceTimersByTimeAsync(0);
    expect(list.fetches()).toBe(3);
    refetchRacedFetches(list.qc, ['conversations']);
    list.land();
    await vi.advanceTimersByTimeAsync(1000);
    expect(list.fetches()).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(list.fetches()).toBe(4);
    list.land();
    list.unsubscribe();
  });
});
