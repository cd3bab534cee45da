import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitWindow, roomEventWindowMs } from './emit-window.js';

describe('emitWindow', () => {
  afterEach(() => vi.useRealTimers());

  it('after a quiet moment, sends a burst at the end of the turn; then at most once per window', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const window = emitWindow((n: number) => sent.push(n), 10);
    window.push(1);
    window.push(2);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(sent).toEqual([1, 2]);

    // Events keep coming: they wait for the rest of the window since the last send, in order.
    vi.advanceTimersByTime(3);
    window.push(3);
    vi.advanceTimersByTime(4);
    window.push(4);
    vi.advanceTimersByTime(2);
    expect(sent).toEqual([1, 2]);
    expect(window.pending).toBe(2);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([1, 2, 3, 4]);

    // Quiet again for longer than a window: the next one leaves at once.
    vi.advanceTimersByTime(50);
    window.push(5);
    vi.advanceTimersByTime(0);
    expect(sent).toEqual([1, 2, 3, 4, 5]);
  });

  it('flush sends at once and cancels the scheduled send', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const window = emitWindow((s: string) => sent.push(s), 10);
    window.push('a');
    window.flush();
    expect(sent).toEqual(['a']);
    vi.advanceTimersByTime(20);
    expect(sent).toEqual(['a']);
    expect(window.pending).toBe(0);
  });

  it('a window of 0 sends each at once', () => {
    const sent: number[] = [];
    const window = emitWindow((n: number) => sent.push(n), 0);
    window.push(1);
    expect(sent).toEqual([1]);
  });
});

describe('roomEventWindowMs', () => {
  it('gathers for 10 ms on SQLite, sends at once on PostgreSQL, and REALTIME_WINDOW_MS wins', () => {
    expect(roomEventWindowMs(undefined, 'sqlite')).toBe(10);
    expect(roomEventWindowMs(undefined, 'postgres')).toBe(0);
    expect(roomEventWindowMs(0, 'sqlite')).toBe(0);
    expect(roomEventWindowMs(25, 'postgres')).toBe(25);
  });
});
