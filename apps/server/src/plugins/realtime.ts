import {
  type ClientToServerEvents,
  clientEventSchemas,
  ROOMS,
  type ServerToClientEvents,
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
  DashboardRouter,
  Realtime,
  SocketUser,
} from '../types.js';
import { createFloodGuard } from './realtime/flood-guard.js';
import { isAllowedOrigin } from './realtime/origin.js';
import { formatValidationMessage } from './validation-message.js';

/** Unauthenticated sockets are dropped after this long. */
export const AUTH_TIMEOUT_MS = 10_000;
/** Larger frames close the connection. */
export const MAX_FRAME_BYTES = 100_000;
const MAX_TIMER_MS = 2_147_483_647;

/** The socket's one session lookup per token: what `authenticate` answers and events wait for. */
interface TokenCheck {
  token: string;
  /** Resolves with the pt-BR refusal, or null once `user` is set. */
  outcome: Promise<string | null>;
}

interface SocketData {
  user: SocketUser | null;
  check: TokenCheck | null;
}

type AtendeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AtendeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AnyAck = (result: { success: boolean; message?: string; data?: unknown }) => void;

const DOMAIN_EVENTS: readonly ClientEventName[] = ['send:message', 'takeover:start', 'takeover:end'];

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

/** The conversation id of a `join:conversation` / `leave:conversation` payload (id or `{ conversationId }`). */
const roomConversationId = (payload: z.output<(typeof clientEventSchemas)['join:conversation']>) =>
  typeof payload === 'string' ? payload : payload.conversationId;

/**
 * Socket.IO on the app's HTTP server (default path). Sockets must authenticate before any other event
 * is processed or any room joined. The browser (spec §7) sends its token twice: in the handshake's
 * `auth` and in the `authenticate` event it emits on connect. The token is looked up once per socket:
 * the handshake starts the lookup, and `authenticate` with the same token answers from it
 * (`authenticated` or `auth_error`); only a different token is looked up again.
 */
export const realtimePlugin = fp(
  async (app) => {
    const sessions = sessionsRepository(app.db);
    const handlers = new Map<ClientEventName, ClientEventHandler<ClientEventName>>();
    let conversationGuard: ConversationAccessGuard = async () => true;
    let dashboardRouter: DashboardRouter | null = null;

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

    /** Looks the token up and, if it is current, signs the socket in with its session. */
    async function signIn(socket: AtendeSocket, check: TokenCheck): Promise<string | null> {
      const session = await sessions.findActive(check.token, now());
      // A later token replaced this one while it was looked up: that one decides.
      if (socket.data.check !== check || !socket.connected) return 'Token inválido ou expirado';
      if (!session) {
        const previous = socket.data.user;
        socket.data.user = null;
        if (previous) await socket.leave(sessionRoom(previous.sessionId));
        return 'Token inválido ou expirado';
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
      return null;
    }

    /** The socket's check of `token`: the one already made or under way, or a new lookup. */
    function checkToken(socket: AtendeSocket, token: string): TokenCheck {
      if (socket.data.check?.token === token) return socket.data.check;
      const check: TokenCheck = { token, outcome: Promise.resolve(null) };
      check.outcome = signIn(socket, check).catch((err) => {
        app.log.error({ err }, 'socket auth failed');
        return 'Erro ao validar token';
      });
      socket.data.check = check;
      return check;
    }

    async function answerAuthenticate(socket: AtendeSocket, payload: unknown) {
      const parsed = clientEventSchemas.authenticate.safeParse(payload);
      if (!parsed.success) {
        socket.emit('auth_error', { message: 'Token de autenticação não encontrado' });
        return;
      }
      const refusal = await checkToken(socket, parsed.data.token).outcome;
      const user = socket.data.user;
      if (!socket.connected) return;
      if (refusal !== null || !user) {
        socket.emit('auth_error', { message: refusal ?? 'Token inválido ou expirado' });
        return;
      }
      const { id, name, role } = user;
      socket.emit('authenticated', { user: { id, name, role } });
    }

    async function runClientEvent(socket: AtendeSocket, event: ClientEventName, args: unknown[]) {
      const ack = ackOf(args);
      const user = socket.data.user;
      if (!user) return;
      const parsed = clientEventSchemas[event].safeParse(args[0]);
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
      const parsed = clientEventSchemas['join:conversation'].safeParse(args[0]);
      if (!parsed.success) {
        ack?.({ success: false, message: validationText(parsed.error) });
        return;
      }
      const conversationId = roomConversationId(parsed.data);
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
      socket.data.check = null;
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
        // Other events wait for the token check under way, then need a signed-in socket.
        void (socket.data.check?.outcome ?? Promise.resolve()).then(() => {
          if (socket.data.user && socket.connected) next();
        });
      });

      const handshakeToken = clientEventSchemas.authenticate.safeParse(socket.handshake.auth);
      if (handshakeToken.success) checkToken(socket, handshakeToken.data.token);

      socket.on('authenticate', (payload) => void answerAuthenticate(socket, payload));
      // The optional ack answers once the socket is in the room: what the client fetches after it
      // misses no event.
      socket.on('join:dashboard', async (...args: unknown[]) => {
        const user = socket.data.user;
        await socket.join(dashboardRouter && user ? await dashboardRouter.roomsFor(user) : ROOMS.dashboard);
        ackOf(args)?.({ success: true });
      });
      socket.on('join:conversation', (...args: unknown[]) => void joinConversation(socket, args));
      socket.on('leave:conversation', async (...args: unknown[]) => {
        const ack = ackOf(args);
        const parsed = clientEventSchemas['leave:conversation'].safeParse(args[0]);
        if (!parsed.success) {
          ack?.({ success: false, message: validationText(parsed.error) });
          return;
        }
        await socket.leave(ROOMS.conversation(roomConversationId(parsed.data)));
        ack?.({ success: true });
      });
      for (const event of DOMAIN_EVENTS) {
        socket.on(event, (...args: unknown[]) => void runClientEvent(socket, event, args));
      }
      socket.on('error', (err) => app.log.debug({ err }, 'socket error'));
    });

    const emitListeners = new Set<(event: keyof ServerToClientEvents) => void>();
    const emitTo = (rooms: string | string[], event: keyof ServerToClientEvents, args: unknown[]) => {
      (io.to(rooms).emit as (ev: string, ...a: unknown[]) => boolean)(event, ...args);
      for (const listener of emitListeners) listener(event);
    };

    // With a dashboard router (operators' visibility), dashboard events go through one queue, in order,
    // to the rooms it picks; a conversation's room keeps only sockets still allowed after a handler change.
    let routing: Promise<void> = Promise.resolve();
    const emitToDashboard = (event: keyof ServerToClientEvents, args: unknown[], conversationId?: string) => {
      const room = conversationId ? [ROOMS.conversation(conversationId)] : [];
      const router = dashboardRouter;
      if (!router) {
        emitTo([ROOMS.dashboard, ...room], event, args);
        return;
      }
      routing = routing
        .then(async () => {
          let rooms: string[] | null = [ROOMS.dashboard];
          try {
            rooms = await router.route(event, args);
          } catch (err) {
            app.log.error({ err, event }, 'dashboard routing failed');
          }
          emitTo([...(rooms ?? [ROOMS.dashboard]), ...room], event, args);
          if (rooms && conversationId && event === 'conversation:handler') {
            for (const socket of await io.in(ROOMS.conversation(conversationId)).fetchSockets()) {
              const user = socket.data.user;
              if (user && !(await router.mayStayInConversation(user, conversationId))) {
                socket.leave(ROOMS.conversation(conversationId));
              }
            }
          }
        })
        .catch((err) => app.log.error({ err, event }, 'dashboard emit failed'));
    };

    const realtime: Realtime = {
      toDashboard: (event, ...args) => emitToDashboard(event, args),
      toConversation: (conversationId, event, ...args) =>
        emitTo(ROOMS.conversation(conversationId), event, args),
      toDashboardAndConversation: (conversationId, event, ...args) =>
        emitToDashboard(event, args, conversationId),
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
      setDashboardRouter: (router) => {
        dashboardRouter = router;
      },
      refreshDashboardRooms: async () => {
        const router = dashboardRouter;
        if (!router) return;
        for (const socket of await io.fetchSockets()) {
          const user = socket.data.user;
          const rooms = [...socket.rooms].filter((r) => r === ROOMS.dashboard || r.startsWith('dashboard:'));
          if (!user || rooms.length === 0) continue;
          for (const r of rooms) socket.leave(r);
          socket.join(await router.roomsFor(user));
        }
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
