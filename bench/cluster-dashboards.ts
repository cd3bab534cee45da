/**
 * Dashboards for bench/cluster.ts, run as a child process: `DASHBOARD_SOCKETS` Socket.IO clients through
 * the load balancer, each behaving like the web app's socket (lib/socket.ts): token in the handshake and
 * in `authenticate`, `join:dashboard` once authenticated, automatic reconnection (recovered when the
 * server kept its session; else `rejoin:dashboard` with the last offset heard, replayed from the
 * stream), and an event seen twice (same stream offset) handled once.
 *
 * Each socket notes, per customer message id, when `conversations:newMessage` first reached it and how
 * many times it was handled (after the replay filter: what a user would see) and received (before it).
 * IPC, each question answered once: `record`, `progress` (per socket: back from any drop, messages seen),
 * `collect` (with how busy this process's event loop was since `record`: a saturated client reads its
 * events late, which the latencies would otherwise blame on the server), `stop`. Times are absolute
 * (`performance.timeOrigin + performance.now()`), so they compare with the parent's.
 */
import { performance } from 'node:perf_hooks';
import { createReplayFilter } from '@atende/contracts';
import { io, type Socket } from 'socket.io-client';

const url = process.env.DASHBOARD_URL ?? '';
const token = process.env.DASHBOARD_TOKEN ?? '';
const count = Number(process.env.DASHBOARD_SOCKETS ?? 50);

const clock = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send?.(message);

interface Notes {
  /** message id → [first arrival, times handled, times received] */
  seen: Map<string, [number, number, number]>;
  disconnects: number;
  /** Reconnections the server recovered (it kept the session). */
  recovered: number;
  /** Reconnections replayed by `rejoin:dashboard` (the instance died), and those that could not be. */
  replayed: number;
  notReplayed: number;
  /** Cut and not yet recovered, replayed or told to reload (a rejoin cut short is asked again). */
  pending: boolean;
}

let recording = false;
/** Event-loop utilization of this process, one sample a second while recording. */
const loopSamples: number[] = [];
let loopBefore = performance.eventLoopUtilization();
setInterval(() => {
  const now = performance.eventLoopUtilization();
  if (recording) loopSamples.push(performance.eventLoopUtilization(now, loopBefore).utilization);
  loopBefore = now;
}, 1000).unref();
const notes: Notes[] = Array.from({ length: count }, () => ({
  seen: new Map(),
  disconnects: 0,
  recovered: 0,
  replayed: 0,
  notReplayed: 0,
  pending: false,
}));

function connect(i: number): Promise<Socket> {
  const note = notes[i] as Notes;
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    auth: { token },
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  const replay = createReplayFilter();
  let repeat = false;
  socket.prependAny((_event: string, ...args: unknown[]) => {
    repeat = replay.isRepeat(args);
  });
  socket.on('conversations:newMessage', (message: { id: string; sender: string }) => {
    if (!recording || message.sender !== 'client') return;
    const entry = note.seen.get(message.id);
    if (entry) {
      entry[2]++;
      if (!repeat) entry[1]++;
    } else note.seen.set(message.id, [clock(), 1, 1]);
  });
  let connectedOnce = false;
  let since: string | null = null;
  socket.on('connect', () => {
    if (connectedOnce && socket.recovered) {
      note.recovered++;
      note.pending = false;
    }
    socket.emit('authenticate', { token });
  });
  socket.on('disconnect', () => {
    since = replay.latest();
    note.pending = true;
    if (recording) note.disconnects++;
  });
  return new Promise((resolve, reject) => {
    socket.on('authenticated', () => {
      if (repeat) return;
      if (!connectedOnce) {
        connectedOnce = true;
        socket.emit('join:dashboard', () => resolve(socket));
      } else if (socket.recovered) socket.emit('join:dashboard');
      else if (since) {
        socket.emit('rejoin:dashboard', { since }, (result: { data?: { replayed: boolean } }) => {
          if (result.data?.replayed) note.replayed++;
          else note.notReplayed++;
          note.pending = false;
        });
      } else {
        note.notReplayed++;
        note.pending = false;
      }
    });
    socket.once('auth_error', (e: { message: string }) => reject(new Error(e.message)));
  });
}

const sockets: Socket[] = [];
// A few at a time: like dashboards opening over a moment, not one burst of handshakes.
for (let i = 0; i < count; i += 25) {
  const batch = [];
  for (let j = i; j < Math.min(count, i + 25); j++) batch.push(connect(j));
  sockets.push(...(await Promise.all(batch)));
}

process.on('message', (message: string) => {
  if (message === 'record') {
    for (const note of notes) {
      note.seen.clear();
      note.disconnects = note.recovered = note.replayed = note.notReplayed = 0;
    }
    loopSamples.length = 0;
    recording = true;
    send({ type: 'recording' });
  } else if (message === 'progress') {
    send({
      type: 'progress',
      sockets: sockets.map((socket, i) => {
        const n = notes[i] as Notes;
        // Back: connected, signed in again and, unless the server recovered it, replayed (or told to reload).
        return { back: socket.connected && !n.pending, seen: n.seen.size };
      }),
    });
  } else if (message === 'collect') {
    recording = false;
    send({
      type: 'collect',
      loopSamples,
      sockets: notes.map((n) => ({
        seen: [...n.seen],
        disconnects: n.disconnects,
        recovered: n.recovered,
        replayed: n.replayed,
        notReplayed: n.notReplayed,
      })),
    });
  } else if (message === 'stop') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
send({ type: 'ready' });
