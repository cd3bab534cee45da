import { setImmediate as nextTurn } from 'node:timers/promises';

/** Events sent per turn of the event loop when a socket is replayed what it missed. */
export const REPLAY_SLICE = 200;

/**
 * Sends `events` to one socket in order, `REPLAY_SLICE` per turn of the event loop. A dashboard back
 * from an outage under load can be owed tens of thousands; sent in one go they held the loop for
 * seconds (7 s measured in bench:cluster after a kill), so every other socket missed its pings and
 * handshakes meanwhile and dropped in turn. Stops when the socket is gone; answers whether all were sent.
 */
export async function sendInSlices(
  socket: { readonly connected: boolean },
  events: readonly unknown[][],
  send: (args: unknown[]) => void,
): Promise<boolean> {
  for (let start = 0; start < events.length; start += REPLAY_SLICE) {
    if (start > 0) await nextTurn();
    if (!socket.connected) return false;
    for (const args of events.slice(start, start + REPLAY_SLICE)) send(args);
  }
  return true;
}
