import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';

/** The part of an Engine.IO socket this reads (public API: `transport`, `request`). */
interface EngineSocket {
  transport: { name: string };
  request: IncomingMessage;
}

/**
 * Sends each batch of packets Engine.IO flushes to a WebSocket in one system call. Engine.IO writes
 * one frame at a time (each its own `writev`) and, while one write is pending, queues what follows and
 * flushes it as a batch afterwards; with 20 dashboards and a few events per customer message those
 * system calls were over a third of the server's CPU at 500 messages/s (bench/api.ts). Corking the
 * connection between Engine.IO's `flush` and `drain` events (emitted around each batch, synchronously)
 * lets the batch leave in one `writev`. Frames are unchanged; only public API is used.
 *
 * The connection is the one the session's first request came on: a WebSocket opened directly, as the
 * dashboard does. A session that started on long-polling keeps one write per frame.
 */
export function coalesceWebSocketWrites(engine: EventEmitter): void {
  const connectionOf = ({ transport, request }: EngineSocket) =>
    transport.name === 'websocket' && !request.socket.destroyed ? request.socket : null;
  engine.on('flush', (socket: EngineSocket) => connectionOf(socket)?.cork());
  engine.on('drain', (socket: EngineSocket) => {
    const connection = connectionOf(socket);
    if (connection?.writableCorked) connection.uncork();
  });
}
