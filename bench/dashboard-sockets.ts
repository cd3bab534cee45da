/**
 * Dashboards for bench/api.ts, run as a child process: `SOCKETS` authenticated Socket.IO clients in
 * the `dashboard` room, each counting every event it receives. Real dashboards are separate browsers,
 * each with its own event loop; running them in a few processes (not the sender's) keeps one busy
 * client loop from adding its own queueing to the latency being measured.
 *
 * IPC (each question answered once): `record` (start noting `conversations:newMessage` arrivals), `progress`
 * (how many client messages each socket noted, replies noted), `collect` (the notes) and `counts`
 * (events per socket by name). Times are absolute (`performance.timeOrigin + performance.now()`), so
 * they compare with the parent's.
 */
import { io, type Socket } from 'socket.io-client';

const url = process.env.DASHBOARD_URL ?? '';
const token = process.env.DASHBOARD_TOKEN ?? '';
const count = Number(process.env.DASHBOARD_SOCKETS ?? 5);
/** Only one process notes AI replies (they reach every socket alike). */
const notesReplies = process.env.DASHBOARD_NOTES_REPLIES === '1';

const clock = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send?.(message);

type Event = { id: string; conversationId: string; sender: string };
const counts = Array.from({ length: count }, () => new Map<string, number>());
let arrivals = counts.map(() => new Map<string, number>());
let replies = new Map<string, number>();
let recording = false;

async function connect(i: number): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  const seen = counts[i] as Map<string, number>;
  socket.onAny((event: string) => seen.set(event, (seen.get(event) ?? 0) + 1));
  socket.on('conversations:newMessage', (message: Event) => {
    if (!recording) return;
    const at = clock();
    if (message.sender === 'client') {
      const noted = arrivals[i] as Map<string, number>;
      if (!noted.has(message.id)) noted.set(message.id, at);
    } else if (
      notesReplies &&
      i === 0 &&
      message.sender === 'agent' &&
      !replies.has(message.conversationId)
    ) {
      replies.set(message.conversationId, at);
    }
  });
  await new Promise<void>((done, reject) => {
    socket.once('authenticated', () => done());
    socket.once('auth_error', (e: { message: string }) => reject(new Error(e.message)));
    socket.once('connect_error', reject);
    socket.once('connect', () => socket.emit('authenticate', { token }));
  });
  socket.emit('join:dashboard');
  return socket;
}

const sockets: Socket[] = [];
for (let i = 0; i < count; i++) sockets.push(await connect(i));

process.on('message', (message: string) => {
  if (message === 'record') {
    arrivals = counts.map(() => new Map());
    replies = new Map();
    recording = true;
    send({ type: 'recording' });
  } else if (message === 'progress') {
    send({ type: 'progress', arrivals: arrivals.map((a) => a.size), replies: replies.size });
  } else if (message === 'collect') {
    recording = false;
    send({ type: 'collect', arrivals: arrivals.map((a) => [...a]), replies: [...replies] });
  } else if (message === 'counts') {
    send({ type: 'counts', counts: counts.map((c) => [...c]) });
  } else if (message === 'stop') {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
send({ type: 'ready' });
