import type { Redis } from 'ioredis';

/** What the Redis Streams adapter (0.3, `onlyPlaintext`) writes for a broadcast: fields of one entry. */
interface BroadcastData {
  packet: { type: number; data: unknown[]; id?: number };
  opts: { rooms: string[]; except: string[]; flags?: { volatile?: boolean } };
  requestId?: string;
}

/** Socket.IO's message type of a broadcast between servers, and of an event packet. */
const BROADCAST = '3';
const EVENT = 2;
const PAGE = 500;
/** Stops a read that would never end (events written faster than read); the client reloads then. */
const MAX_PAGES = 200;

function fieldsOf(flat: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i] as string] = flat[i + 1] as string;
  return fields;
}

/** Whether the stream still holds the entry at `offset` (else what followed it may be trimmed). */
export async function streamHolds(redis: Redis, stream: string, offset: string): Promise<boolean> {
  return (await redis.xrange(stream, offset, offset)).length > 0;
}

/**
 * The room events written to the stream after `after` that a socket in `rooms` hears, each as the
 * arguments it goes out with (event, payload…, stream offset), in stream order; `complete` false when
 * the read stopped before the end. Used twice: for a recovered socket, what was broadcast between
 * the adapter's replay and its return to its rooms; for a socket whose instance died (nothing was
 * kept for it), everything after the last event it saw. What it also heard live, the client drops by
 * offset.
 */
export async function readRoomEventsAfter(
  redis: Redis,
  stream: string,
  after: string,
  rooms: ReadonlySet<string>,
): Promise<{ events: unknown[][]; complete: boolean }> {
  const events: unknown[][] = [];
  let from = after;
  for (let page = 0; page < MAX_PAGES; page++) {
    const entries = await redis.xrange(stream, `(${from}`, '+', 'COUNT', PAGE);
    for (const [id, flat] of entries) {
      from = id;
      const fields = fieldsOf(flat);
      if (fields.nsp !== '/' || fields.type !== BROADCAST || !fields.data?.startsWith('{')) continue;
      const { packet, opts, requestId } = JSON.parse(fields.data) as BroadcastData;
      if (requestId !== undefined || packet.type !== EVENT || packet.id !== undefined) continue;
      if (opts.flags?.volatile) continue;
      const heard = opts.rooms.length === 0 || opts.rooms.some((room) => rooms.has(room));
      if (heard && !opts.except.some((room) => rooms.has(room))) events.push([...packet.data, id]);
    }
    if (entries.length < PAGE) return { events, complete: true };
  }
  return { events, complete: false };
}
