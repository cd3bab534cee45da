import {
  authenticatePayloadSchema,
  type ClientToServerEvents,
  conversationRoomPayloadSchema,
  ROOMS,
  type ServerToClientEvents,
  socketSendMessagePayloadSchema,
  takeoverPayloadSchema,
} from '@atende/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import { isAppError } from '../lib/app-error.js';
import { now } from '../lib/clock.js';
import { sessionsRepository } from '../modules/auth/sessions.repository.js';
import type {
  ClientEventHandler,
  ClientEventName,
  ConversationAccessGuard,
  Realtime,
  SocketUser,
} from '../types.js';
import { coalesceSocketFrames } from './realtime/coalesce-frames.js';
import { createFloodGuard } from './realtime/flood-guard.js';
import { isAllowedOrigin } from './realtime/origin.js';
import { formatValidationMessage } from './validation-message.js';

/** Unauthenticated sockets are dropped after this long. */
export const AUTH_TIMEOUT_MS = 10_000;
/** Larger frames close the connection. */
export const MAX_FRAME_BYTES = 100_000;
const MAX_TIMER_MS = 2_147_483_647;

interface SocketData {
  user: SocketUser | null;
  /** Resolves when a handshake-token check in progress ends; events wait for it. */
  pending: Promise<void> | null;
}

type AtendeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AtendeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AnyAck = (result: { success: boolean; message?: string; data?: unknown }) => void;

const CLIENT_EVENT_SCHEMAS: Record<ClientEventName, z.ZodType> = {
  'send:message': socketSendMessagePayloadSchema,
  'takeover:start': takeoverPayloadSchema,
  'takeover:end': takeoverPayloadSchema,
};

const sessionRoom = (sessionId: string) => `session:${sessionId}`;

function ackOf(args: unknown[]): AnyAck | null {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as AnyAck) : null;
}

function validationText(error: z.ZodError): string {
  return formatValidationMessage(
    error.issues.map((i) => ({ instancePath: `/${i.path.join('/')}`, message: i.message })),
  );
}

/**
 * Socket.IO on the app's HTTP server (default path). Sockets must authenticate (handshake
 * `auth.token` or the `authenticate` event) before any other event is processed or any room joined.
 */
export const realtimePlugin = fp(
  async (app) => {
    const sessions = sessionsRepository(app.db);
    const handlers = new Map<ClientEventName, ClientEventHandler<ClientEventName>>();
    let conversationGuard: ConversationAccessGuard = async () => true;

    coalesceSocketFrames();
    const io: AtendeServer = new Server(app.server, {
      serveClient: false,
      maxHttpBufferSize: MAX_FRAME_BYTES,
      allowRequest: (req, callback) => {
        const allowed = isAllowedOrigin(req.headers.origin, req.headers.host, {
          publicUrl: app.config.publicUrl,
          allowLocalhost: app.config.env !== 'production',
        });
        callback(allowed ? null : 'Origem não permitida', allowed);
      },
    });

    if (app.redis) {
      const pub = app.redis.duplicate();
      const sub = app.redis.duplicate();
      pub.on('error', (err) => app.log.warn({ err }, 'redis adapter (pub) error'));
      sub.on('error', (err) => app.log.warn({ err }, 'redis adapter (sub) error'));
      io.adapter(createAdapter(pub, sub));
      app.addHook('onClose', async () => {
        await Promise.allSettled([pub.quit(), sub.quit()]);
      });
    }

    async function authenticateSocket(socket: AtendeSocket, token: string): Promise<void> {
      const session = await sessions.findActive(token, now());
      if (!socket.connected) return;
      if (!session) {
        socket.emit('auth_error', { message: 'Token inválido ou expirado' });
        return;
      }
      const previous = socket.data.user;
      if (previous && previous.sessionId !== session.id) await socket.leave(sessionRoom(previous.sessionId));
      socket.data.user = { ...session.user, sessionId: session.id };
      await socket.join(sessionRoom(session.id));
      const expiry = setTimeout(
        () => socket.disconnect(true),
        Math.min(Math.max(session.expiresAt - now(), 0), MAX_TIMER_MS),
      );
      socket.once('disconnect', () => clearTimeout(expiry));
      const { id, name, role } = session.user;
      socket.emit('authenticated', { user: { id, name, role } });
    }

    async function runClientEvent(socket: AtendeSocket, event: ClientEventName, args: unknown[]) {
      const ack = ackOf(args);
      const user = socket.data.user;
      if (!user) return;
      const parsed = CLIENT_EVENT_SCHEMAS[event].safeParse(args[0]);
      if (!parsed.success) {
        ack?.({ success: false, message: validationText(parsed.error) });
        return;
      }
      const handler = handlers.get(event);
      if (!handler) {
        ack?.({ success: false, message: 'Serviço indisponível no momento' });
        return;
      }
      try {
        ack?.(await handler(user, parsed.data as never));
      } catch (error) {
        if (isAppError(error)) {
          ack?.({ success: false, message: error.message });
          return;
        }
        app.log.error({ err: error, event }, 'socket event handler failed');
        ack?.({ success: false, message: 'Erro interno do servidor' });
      }
    }

    async function joinConversation(socket: AtendeSocket, args: unknown[]) {
      const ack = ackOf(args);
      const user = socket.data.user;
      if (!user) return;
      const parsed = conversationRoomPayloadSchema.safeParse(args[0]);
      if (!parsed.success) {
        ack?.({ success: false, message: validationText(parsed.error) });
        return;
      }
      const conversationId = typeof parsed.data === 'string' ? parsed.data : parsed.data.conversationId;
      let allowed = false;
      try {
        allowed = await conversationGuard(user, conversationId);
      } catch (error) {
        app.log.error({ err: error }, 'conversation guard failed');
      }
      if (!allowed || !socket.connected) {
        ack?.({ success: false, message: 'Acesso negado' });
        return;
      }
      await socket.join(ROOMS.conversation(conversationId));
      ack?.({ success: true });
    }

    io.on('connection', (socket) => {
      socket.data.user = null;
      socket.data.pending = null;
      const flood = createFloodGuard();
      const authTimer = setTimeout(() => {
        if (!socket.data.user) socket.disconnect(true);
      }, AUTH_TIMEOUT_MS);
      socket.once('disconnect', () => clearTimeout(authTimer));

      socket.use(([event], next) => {
        const verdict = flood.hit();
        if (verdict === 'disconnect') {
          app.log.warn({ socket: socket.id }, 'socket event flood; disconnecting');
          socket.disconnect(true);
          return;
        }
        if (verdict === 'drop') return;
        if (event === 'authenticate') {
          next();
          return;
        }
        const pending = socket.data.pending ?? Promise.resolve();
        void pending.then(() => {
          if (socket.data.user && socket.connected) next();
        });
      });

      const handshakeToken = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof handshakeToken === 'string' && handshakeToken.length > 0 && handshakeToken.length <= 200) {
        socket.data.pending = authenticateSocket(socket, handshakeToken)
          .catch((err) => app.log.error({ err }, 'socket handshake auth failed'))
          .finally(() => {
            socket.data.pending = null;
          });
      }

      socket.on('authenticate', (payload) => {
        const parsed = authenticatePayloadSchema.safeParse(payload);
        if (!parsed.success) {
          socket.emit('auth_error', { message: 'Token de autenticação não encontrado' });
          return;
        }
        const run = authenticateSocket(socket, parsed.data.token).catch((err) => {
          app.log.error({ err }, 'socket auth failed');
          socket.emit('auth_error', { message: 'Erro ao validar token' });
        });
        socket.data.pending = run.finally(() => {
          socket.data.pending = null;
        });
      });
      // The optional ack answers once the socket is in the room: what the client fetches after it
      // misses no event.
      socket.on('join:dashboard', async (...args: unknown[]) => {
        if (!socket.data.user) return;
        await socket.join(ROOMS.dashboard);
        ackOf(args)?.({ success: true });
      });
      socket.on('join:conversation', (...args: unknown[]) => void joinConversation(socket, args));
      socket.on('leave:conversation', (payload) => {
        const parsed = conversationRoomPayloadSchema.safeParse(payload);
        if (!parsed.success) return;
        const id = typeof parsed.data === 'string' ? parsed.data : parsed.data.conversationId;
        void socket.leave(ROOMS.conversation(id));
      });
      for (const event of Object.keys(CLIENT_EVENT_SCHEMAS) as ClientEventName[]) {
        socket.on(event, (...args: unknown[]) => void runClientEvent(socket, event, args));
      }
      socket.on('error', (err) => app.log.debug({ err }, 'socket error'));
    });

    const emitListeners = new Set<(event: keyof ServerToClientEvents) => void>();
    const emitTo = (rooms: string | string[], event: keyof ServerToClientEvents, args: unknown[]) => {
      (io.to(rooms).emit as (ev: string, ...a: unknown[]) => boolean)(event, ...args);
      for (const listener of emitListeners) listener(event);
    };

    const realtime: Realtime = {
      toDashboard: (event, ...args) => emitTo(ROOMS.dashboard, event, args),
      toConversation: (conversationId, event, ...args) =>
        emitTo(ROOMS.conversation(conversationId), event, args),
      toDashboardAndConversation: (conversationId, event, ...args) =>
        emitTo([ROOMS.dashboard, ROOMS.conversation(conversationId)], event, args),
      onEmit: (listener) => {
        emitListeners.add(listener);
        return () => emitListeners.delete(listener);
      },
      disconnectSession: async (sessionId) => {
        io.in(sessionRoom(sessionId)).disconnectSockets(true);
      },
      connectedSockets: () => io.engine.clientsCount,
      probe: async () => {
        const started = performance.now();
        const sockets = await io.local.fetchSockets();
        return { sockets: sockets.length, responseTime: performance.now() - started };
      },
      onClientEvent: (event, handler) => {
        handlers.set(event, handler as ClientEventHandler<ClientEventName>);
      },
      setConversationGuard: (guard) => {
        conversationGuard = guard;
      },
    };
    app.decorate('realtime', realtime);

    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'atende-realtime', dependencies: ['atende-db', 'atende-redis'] },
);
