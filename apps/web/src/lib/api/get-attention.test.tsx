import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newQueryClient } from '@/test/mock-api';

const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('@/lib/socket', () => ({
  useSocketEvent: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
  useDashboardJoinedAt: () => 0,
}));

const { ATTENTION_REFRESH_MS, attentionKey, useAttentionRealtime } = await import('./get-attention');

afterEach(() => {
  vi.useRealTimers();
  handlers.clear();
});

function mount() {
  const client = newQueryClient();
  const invalidated = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useAttentionRealtime(), { wrapper });
  const attentionRefetches = () =>
    invalidated.mock.calls.filter(([filters]) => filters?.queryKey === attentionKey).length;
  return { attentionRefetches };
}

describe('useAttentionRealtime', () => {
  it('refetches at once when something of mine changed', () => {
    const { attentionRefetches } = mount();
    handlers.get('attention:changed')?.({});
    expect(attentionRefetches()).toBe(1);
  });

  it("refetches a busy stream of everyone's changes at most once per window, the last included", () => {
    vi.useFakeTimers();
    const { attentionRefetches } = mount();
    handlers.get('conversation:handler')?.({});
    for (let i = 0; i < 20; i++) handlers.get('newMessage')?.({ sender: 'client' });
    handlers.get('newMessage')?.({ sender: 'agent' });
    vi.advanceTimersByTime(0);
    expect(attentionRefetches()).toBe(1);
    handlers.get('conversations:statusUpdate')?.({});
    vi.advanceTimersByTime(ATTENTION_REFRESH_MS - 1);
    expect(attentionRefetches()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(attentionRefetches()).toBe(2);
    // Our own messages change no count.
    handlers.get('newMessage')?.({ sender: 'agent' });
    vi.advanceTimersByTime(ATTENTION_REFRESH_MS * 2);
    expect(attentionRefetches()).toBe(2);
  });
});
