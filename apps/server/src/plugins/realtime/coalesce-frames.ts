import { Socket as EngineSocket, transports } from 'engine.io';

interface CorkableStream {
  cork(): void;
  uncork(): void;
}

interface EngineSocketInternals {
  flush(): void;
  /** Set while a flush is scheduled for the end of the current tick. */
  atendeFlushScheduled?: boolean;
}

interface WebSocketTransportInternals {
  send(packets: unknown[]): void;
  socket?: { _socket?: CorkableStream };
}

let installed = false;

/**
 * Socket.IO hands every event to every socket as its own WebSocket frame, and each frame is its own
 * `writev` system call: with 20 dashboards and ~5 events per customer message that was a quarter of the
 * server's CPU at 500 messages/s (bench/api.ts). This coalesces them, without changing a frame:
 * - an engine.io socket flushes its queued packets once, at the end of the tick, instead of at each
 *   packet (`process.nextTick`, so nothing waits for I/O);
 * - the WebSocket transport writes the packets of one flush with the TCP socket corked, so they
 *   leave in one `writev`.
 * Relies on engine.io 6 internals (`Socket#flush`, `WebSocket#send`, ws's `_socket`); the realtime
 * tests pin the behaviour, and a missing internal falls back to the library's own path.
 */
export function coalesceSocketFrames(): void {
  if (installed) return;
  installed = true;

  const socketProto = EngineSocket.prototype as unknown as EngineSocketInternals;
  const flush = socketProto.flush;
  socketProto.flush = function (this: EngineSocketInternals) {
    if (this.atendeFlushScheduled) return;
    this.atendeFlushScheduled = true;
    process.nextTick(() => {
      this.atendeFlushScheduled = false;
      flush.call(this);
    });
  };

  const transportProto = (transports.websocket as unknown as { prototype: WebSocketTransportInternals })
    .prototype;
  const send = transportProto.send;
  transportProto.send = function (this: WebSocketTransportInternals, packets: unknown[]) {
    const stream = this.socket?._socket;
    if (!stream || packets.length < 2) {
      send.call(this, packets);
      return;
    }
    stream.cork();
    try {
      send.call(this, packets);
    } finally {
      stream.uncork();
    }
  };
}
