import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitWindow } from './emit-window.js';

describe('emitWindow', () => {
  afterEach(() => vi.useRealTimers());

  it('sends what it gathered, in order, once the window closes', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const window = emitWindow((n: number) => sent.push(n), 10);
    window.push(1);
    vi.advanceTimersByTime(6);
    window.push(2);
    expect(sent).toEqual([]);
    expect(window.pending).toBe(2);
    vi.advanceTimersByTime(4);
    expect(sent).toEqual([1, 2]);
    // The next window opens with the next item.
    window.push(3);
    vi.advanceTimersByTime(9);
    expect(sent).toEqual([1, 2]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([1, 2, 3]);
  });

  it('flush sends at once and closes the window', () => {
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
