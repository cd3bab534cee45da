import { describe, expect, it } from 'vitest';
import { REPLAY_SLICE, sendInSlices } from './replay-slices.js';

const events = (n: number) =>
  Array.from({ length: n }, (_, i) => ['conversations:newMessage', { i }, `1-${i}`]);

describe('sendInSlices', () => {
  it('sends every event in order, letting the event loop turn between slices', async () => {
    const sent: unknown[][] = [];
    // Work queued for the loop's next turn runs before a long replay ends: other sockets are served
    // meanwhile. (A turn, not a timer: the whole replay can take less than a timer's 1 ms.)
    let turnRanAfter = -1;
    setImmediate(() => {
      turnRanAfter = sent.length;
    });
    const all = await sendInSlices({ connected: true }, events(5 * REPLAY_SLICE), (args) => sent.push(args));
    expect(all).toBe(true);
    expect(sent).toEqual(events(5 * REPLAY_SLICE));
    expect(turnRanAfter).toBe(REPLAY_SLICE);
  });

  it('stops at the next slice once the socket is gone, and says so', async () => {
    const socket = { connected: true };
    const sent: unknown[][] = [];
    const all = await sendInSlices(socket, events(3 * REPLAY_SLICE), (args) => {
      sent.push(args);
      if (sent.length === REPLAY_SLICE + 1) socket.connected = false;
    });
    expect(all).toBe(false);
    expect(sent).toEqual(events(2 * REPLAY_SLICE));
  });

  it('sends a short replay at once', async () => {
    const sent: unknown[][] = [];
    expect(await sendInSlices({ connected: true }, events(3), (args) => sent.push(args))).toBe(true);
    expect(sent).toHaveLength(3);
  });
});
