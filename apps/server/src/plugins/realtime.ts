import {
  type ClientToServerEvents,
  clientEventSchemas,
  ROOMS,
  type ServerToClientEvents,
} from '@atende/contracts';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import { isAppError } from '../lib/app-error.js';
import { now } from '../lib/clock.js';
import type {
  ClientEventHandler,
  ClientEventName,
  ConversationAccessGuard,
  DashboardRouter,
  Realtime,
  SocketUser,
} from '../types.js';
import { AdapterRedisClient } from './realtime/adapter-redis-client.js';
import { coalesceWebSocketWrites } from './realtime/coalescing-websocket.js';
import { emitWindow, roomEventWindowMs } from './realtime/emit-window.js';
import { createFloodGuard } from './realtime/flood-guard.js';
import { isAllowedOrigin } from './realtime/origin.js';
import { pendingPromises } from './realtime/pending-promises.js';
import { sendInSlices } from './realtime/replay-slices.js';
import { readRoomEventsAfter, streamHolds } from './realtime/stream-catch-up.js';
import { REDIS_OPTIONS } from './redis.js';
import { formatValidationMessage } from './validation-message.js';

/** Unauthenticated sockets are dropped after this long. */
export const AUTH_TIMEOUT_MS = 10_000;
/** Larger frames close the connection. */
export const MAX_FRAME_BYTES = 100_000;
const MAX_TIMER_MS = 2_147_483_647;
/** Socket.IO's packet type of an event (socket.io-parser's `PacketType.EVENT`). */
const EVENT_PACKET = 2;
/**
 * A socket that reconnects within this long gets every room event it missed, in order, with its rooms
 * and user restored (Socket.IO connection state recovery); later, the client reloads what it shows.
 */
export const RECOVERY_WINDOW_MS = 2 * 60_000;

/** The socket's one session lookup per token: what `authenticate` answers and events wait for. */
interface TokenCheck {
  token: string;
  /** Resolves with the pt-BR refusal, or null once `user` is set. */
  outcome: Promise<string | null>;
}

/**
 * What a socket keeps across a recovered reconnection (stored in Redis meanwhile): the signed-in user
 * and its rooms, never the token.
 */
interface SocketData {
  user: SocketUser | null;
  /** When the signed-in session expires (ms), 0 when signed out. */
  expiresAt: number;
  /**
   * The rooms the socket was in when its connection dropped. It leaves them then, so a recovered
   * socket comes back in none, and is put back in them (with what they missed) once its session is
   * checked again.
   */
  rooms?: string[];
}

/** Events between instances: none (a session's end is read from the database on recovery). */
type InterServerEvents = Record<string, never>;

type AtendeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type AtendeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type AnyAck = (result: { success: boolean; message?: string; data?: unknown }) => void;

const DOMAIN_EVENTS: readonly ClientEventName[] = ['send:message', 'takeover:start', 'takeover:end'];

const SESSION_ROOM = 'session:';
const sessionRoom = (sessionId: string) => `${SESSION_ROOM}${sessionId}`;
/** Every socket of one person, on any instance: what is said to them alone, and whether they are here. */
const userRoom = (userId: string) => `user:${userId}`;
const CONVERSATION_ROOM = ROOMS.conversation('');

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
 * Socket.IO on the app's HTTP server (default path). Sockets must send `authenticate` before any other
 * event is processed or any room joined: an event that came before it is dropped, even when a token
 * check is under way as it arrives. The browser sends its token twice: in the handshake's
 * `auth` and in the `authenticate` event it emits on connect. The token is looked up once per socket:
 * the handshake starts the lookup, and `authenticate` with the same token answers from it
 * (`authenticated` or `auth_error`); only a different token is looked up again.
 */
export const realtimePlugin = fp(
  async (app) => {
    const { sessions } = app;
    const presenceListeners = new Set<(userId: string, present: boolean) => void>();
    const handlers = new Map<ClientEventName, ClientEventHandler<ClientEventName>>();
    let conversationGuard: ConversationAccessGuard = async () => true;
    let dashboardRouter: DashboardRouter | null = null;

    /** Each socket's token lookup (kept out of `socket.data`, which recovery stores in Redis). */
    const tokenChecks = new WeakMap<AtendeSocket, TokenCheck>();
    /** The check of the last `authenticate` each socket sent: what its later events wait for. */
    const authenticatedBy = new WeakMap<AtendeSocket, TokenCheck>();

    const io: AtendeServer = new Server(app.server, {
      serveClient: false,
      maxHttpBufferSize: MAX_FRAME_BYTES,
      // With Redis only: there the missed events are kept in the stream, whichever instance the socket
      // comes back to. A recovered socket's session is checked in `resume`, before it is given any room.
      ...(app.redis
        ? { connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: true } }
        : {}),
      allowRequest: (req, callback) => {
        const allowed = isAllowedOrigin(req.headers.origin, req.headers.host, {
          publicUrl: app.config.publicUrl,
          allowLocalhost: app.config.env !== 'production',
        });
        callback(allowed ? null : 'Origem não permitida', allowed);
      },
    });

    coalesceWebSocketWrites(io.engine);

    // Behind a load balancer: names the instance in a cookie on the handshake, so the balancer can keep
    // an HTTP long-polling client (the fallback where WebSocket is blocked) on it (docs/deployment.md).
    const instanceName = app.config.instanceName;
    if (instanceName) {
      const cookie = `atende_instance=${encodeURIComponent(instanceName)}; Path=/socket.io/; HttpOnly; SameSite=Lax`;
      io.engine.on('initial_headers', (headers: Record<string, string>) => {
        headers['set-cookie'] = cookie;
      });
    }

    /**
     * The sockets in a room (every socket without one), on every instance. Once this instance is
     * closing, its sockets are gone and its adapter's Redis connection is going: asking then (work
     * finishing after the close) finds none. The close waits for the questions already out, so none
     * is left on the connection when it quits.
     */
    let closing = false;
    const asking = pendingPromises();
    const socketsIn = (room?: string) =>
      closing ? Promise.resolve([]) : asking.track((room === undefined ? io : io.in(room)).fetchSockets());

    let stream: string | null = null;
    const redisUrl = app.config.redisUrl;
    if (app.redis && redisUrl) {
      // Redis Streams: every instance reads one ordered stream, which also keeps the recent events a
      // reconnecting socket missed, whichever instance it lands on (the pub/sub adapter keeps none).
      stream = `${app.config.redisPrefix}realtime`;
      const client = new AdapterRedisClient(redisUrl, REDIS_OPTIONS, (err, command) =>
        app.log.warn({ err, command }, 'redis realtime command failed'),
      );
      client.on('error', (err) => app.log.warn({ err }, 'redis realtime adapter error'));
      io.adapter(
        createAdapter(client, {
          streamName: stream,
          channelPrefix: stream,
          sessionKeyPrefix: `${stream}:session:`,
          maxLen: app.config.realtimeStreamLength,
          onlyPlaintext: true,
          // How long a read blocks: also how long closing waits for the reader to stop.
          blockTimeInMs: 1000,
        }),
      );
      app.addHook('onClose', async () => {
        await asking.settled();
        await io.of('/').adapter.close();
        await client.quit().catch(() => client.disconnect());
      });
    }

    /**
     * A response leaves only once the events emitted before it are in the stream: an acknowledged
     * message's events then outlive its instance dying right after (the others replay them from there).
     * Events go out through the adapter's `broadcast`, as Socket.IO's own `emit` does, keeping the
     * write to Redis it answers; the dashboard's routing queue comes first.
     */
    const publishing = pendingPromises();
    const broadcast = ([rooms, event, args]: [string[], keyof ServerToClientEvents, unknown[]]) => {
      const published: unknown = io
        .of('/')
        .adapter.broadcast(
          { type: EVENT_PACKET, data: [event, ...args] },
          { rooms: new Set(rooms), except: new Set() },
        );
      if (published instanceof Promise) publishing.track(published);
    };
    const outgoing = emitWindow(broadcast, roomEventWindowMs(app.config.realtimeWindowMs, app.dbHandle.kind));
    if (app.redis) {
      app.addHook('onSend', async () => {
        await routing;
        outgoing.flush();
        await publishing.settled();
      });
    }

    /** Looks the token up and, if it is current, signs the socket in with its session. */
    async function signIn(socket: AtendeSocket, check: TokenCheck): Promise<string | null> {
      const session = await sessions.findActive(check.token, now());
      // A later token replaced this one while it was looked up: that one decides.
      if (tokenChecks.get(socket) !== check || !socket.connected) return 'Token inválido ou expirado';
      if (!session) {
        const previous = socket.data.user;
        socket.data.user = null;
        socket.data.expiresAt = 0;
        if (previous) await socket.leave(sessionRoom(previous.sessionId));
        return 'Token inválido ou expirado';
      }
      const previous = socket.data.user;
      if (previous && previous.sessionId !== session.id) await socket.leave(sessionRoom(previous.sessionId));
      socket.data.user = { ...session.user, sessionId: session.id };
      socket.data.expiresAt = session.expiresAt;
      await socket.join([sessionRoom(session.id), userRoom(session.user.id)]);
      if (previous?.id !== session.user.id) {
        if (previous) await socket.leave(userRoom(previous.id));
        for (const listener of presenceListeners) listener(session.user.id, true);
      }
      const expiry = setTimeout(
        () => socket.disconnect(true),
        Math.min(Math.max(session.expiresAt - now(), 0), MAX_TIMER_MS),
      );
      socket.once('disconnect', () => clearTimeout(expiry));
      return null;
    }

    /** The socket's check of `token`: the one already made or under way, or a new lookup. */
    function checkToken(socket: AtendeSocket, token: string): TokenCheck {
      const current = tokenChecks.get(socket);
      if (current?.token === token) return current;
      const check: TokenCheck = { token, outcome: Promise.resolve(null) };
      tokenChecks.set(socket, check);
      check.outcome = signIn(socket, check).catch((err) => {
        app.log.error({ err }, 'socket auth failed');
        return 'Erro ao validar token';
      });
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

    /**
     * The rooms whose past events a socket is replayed: not its own id's, whose events (`authenticated`)
     * it was sent live on this connection.
     */
    const roomsHeard = (socket: AtendeSocket, more: string[]) =>
      new Set([...socket.rooms, ...more].filter((room) => room !== socket.id));

    // Missed events, in order and a slice per event-loop turn (replay-slices.ts says why), to this
    // socket only, as they were: `socket.emit` would, with recovery on, write each to the stream again
    // under a new offset.
    const replay = (socket: AtendeSocket, events: unknown[][]) =>
      sendInSlices(socket, events, (args) =>
        (io.local.to(socket.id).emit as (...a: unknown[]) => boolean)(...args),
      );

    /**
     * Puts the socket in `rooms` with what it missed there after `since`, when the stream still holds
     * it all. The outage is read and sent before joining, so nothing live interleaves with it and a
     * socket cut again meanwhile resumes from the last event it heard; then, joined, one more read
     * sends what was broadcast in between. The client drops what it hears twice. Answers whether
     * every missed event was sent; the socket is in the rooms either way (unless it left).
     */
    async function replayAndJoin(socket: AtendeSocket, rooms: string[], since: string): Promise<boolean> {
      const redis = app.redis;
      let replayed = false;
      if (redis && stream) {
        try {
          const hears = roomsHeard(socket, rooms);
          if (await streamHolds(redis, stream, since)) {
            const missed = await readRoomEventsAfter(redis, stream, since, hears);
            if (!(await replay(socket, missed.events))) return false;
            await socket.join(rooms);
            const last = missed.events.at(-1)?.at(-1);
            const between = await readRoomEventsAfter(
              redis,
              stream,
              typeof last === 'string' ? last : since,
              hears,
            );
            await replay(socket, between.events);
            replayed = missed.complete && between.complete;
          }
        } catch (err) {
          app.log.warn({ err }, 'realtime replay failed');
        }
      }
      if (socket.connected) await socket.join(rooms);
      return replayed;
    }

    /** `rejoin:dashboard`: the dashboard rooms, and what the socket missed after `since`. */
    async function rejoinDashboard(socket: AtendeSocket, args: unknown[]) {
      const ack = ackOf(args);
      const user = socket.data.user;
      if (!user) return;
      const parsed = clientEventSchemas['rejoin:dashboard'].safeParse(args[0]);
      if (!parsed.success) {
        ack?.({ success: false, message: validationText(parsed.error) });
        return;
      }
      const rooms = await dashboardRoomsOf(user);
      if (!rooms) {
        ack?.({ success: false, message: 'Erro interno do servidor' });
        return;
      }
      const replayed = await replayAndJoin(socket, rooms, parsed.data.since);
      ack?.({ success: true, data: { replayed } });
    }

    /**
     * The dashboard rooms a user hears, or null when they cannot be worked out (the database is
     * failing or closing): then the socket joins nothing rather than more than it may hear, and the
     * caller answers the error instead of leaving a rejection unhandled.
     */
    async function dashboardRoomsOf(user: SocketUser): Promise<string[] | null> {
      if (!dashboardRouter) return [ROOMS.dashboard];
      try {
        return await dashboardRouter.roomsFor(user);
      } catch (err) {
        app.log.error({ err }, 'dashboard rooms could not be worked out');
        return null;
      }
    }

    async function joinDashboard(socket: AtendeSocket, args: unknown[]) {
      const user = socket.data.user;
      if (!user) return;
      const rooms = await dashboardRoomsOf(user);
      if (rooms && socket.connected) await socket.join(rooms);
      ackOf(args)?.(rooms ? { success: true } : { success: false, message: 'Erro interno do servidor' });
    }

    /** The rooms a user may be put back in, of those a socket was in: checked again, as on a join. */
    async function roomsAllowed(user: SocketUser, rooms: readonly string[]): Promise<string[]> {
      const allowed: string[] = [];
      if (rooms.some((room) => room === ROOMS.dashboard || room.startsWith(`${ROOMS.dashboard}:`))) {
        allowed.push(...((await dashboardRoomsOf(user)) ?? []));
      }
      for (const room of rooms) {
        const conversationId = room.startsWith(CONVERSATION_ROOM) ? room.slice(CONVERSATION_ROOM.length) : '';
        if (conversationId && (await conversationGuard(user, conversationId).catch(() => false))) {
          allowed.push(room);
        }
      }
      return allowed;
    }

    /**
     * A recovered socket: Socket.IO gave it back its id and data, in no room (it left them as it
     * dropped). Only once its token is found current again, for the session it had, is it put back
     * in the rooms it may still see, with what they missed after the offset it reconnected with.
     * Otherwise it is a new, signed-out socket: it must authenticate and heard nothing meanwhile.
     */
    async function resume(socket: AtendeSocket, saved: SocketData, check: TokenCheck | null): Promise<void> {
      const refusal = check ? await check.outcome : 'Token de autenticação não encontrado';
      const user = socket.data.user;
      const since = socket.handshake.auth.offset;
      if (refusal !== null || !user || user.sessionId !== saved.user?.sessionId) return;
      if (typeof since !== 'string' || !saved.rooms?.length || !socket.connected) return;
      const rooms = await roomsAllowed(user, saved.rooms);
      if (!(await replayAndJoin(socket, rooms, since))) {
        app.log.warn({ socket: socket.id }, 'recovered socket could not be replayed everything it missed');
      }
    }

    /** After a socket closed: whether its person has none left anywhere (they went offline). */
    async function checkPresence(userId: string): Promise<void> {
      // A closing instance cannot ask the others: whoever still has a dashboard there stays as they are.
      if (closing) return;
      if ((await socketsIn(userRoom(userId))).length > 0) return;
      for (const listener of presenceListeners) listener(userId, false);
    }

    io.on('connection', (socket) => {
      const saved = socket.recovered ? socket.data : null;
      socket.data = { user: null, expiresAt: 0 };
      const flood = createFloodGuard();
      const authTimer = setTimeout(() => {
        if (!socket.data.user) socket.disconnect(true);
      }, AUTH_TIMEOUT_MS);
      socket.once('disconnect', () => {
        clearTimeout(authTimer);
        const user = socket.data.user;
        if (user) checkPresence(user.id).catch((err) => app.log.warn({ err }, 'presence check failed'));
      });
      if (app.redis) {
        // With recovery on, Socket.IO stores the socket's rooms as it drops, and a recovered socket is
        // put back in them, and sent what they missed, before anything of ours runs: it leaves them
        // first, and `resume` puts it back once its session is checked.
        socket.on('disconnecting', () => {
          const rooms = [...socket.rooms].filter((room) => room !== socket.id);
          socket.data.rooms = rooms.filter((room) => !room.startsWith(SESSION_ROOM));
          for (const room of rooms) socket.leave(room);
        });
      }

      const handshakeToken = clientEventSchemas.authenticate.safeParse(socket.handshake.auth);
      const handshakeCheck = handshakeToken.success ? checkToken(socket, handshakeToken.data.token) : null;
      // Events wait for a recovered socket to be back in its rooms, so what it does next follows what it
      // missed.
      const resumed = saved ? resume(socket, saved, handshakeCheck) : Promise.resolve();

      socket.use(([event, payload], next) => {
        const verdict = flood.hit();
        if (verdict === 'disconnect') {
          app.log.warn({ socket: socket.id }, 'socket event flood; disconnecting');
          socket.disconnect(true);
          return;
        }
        if (verdict === 'drop') return;
        if (event === 'authenticate') {
          // Its check starts as it arrives: the events after it wait for this one.
          const token = clientEventSchemas.authenticate.safeParse(payload);
          if (token.success) authenticatedBy.set(socket, checkToken(socket, token.data.token));
          next();
          return;
        }
        // Any other event is judged by the last `authenticate` sent before it, read now: one sent before
        // any is refused, whatever the timing (the handshake's check, or one that came later, may be
        // under way). After one, it waits for that check, then needs a signed-in socket.
        const check = authenticatedBy.get(socket);
        if (!check) return;
        void resumed
          .then(() => check.outcome)
          .then(() => {
            if (socket.data.user && socket.connected) next();
          });
      });

      socket.on('authenticate', (payload) => void answerAuthenticate(socket, payload));
      // The optional ack answers once the socket is in the room: what the client fetches after it
      // misses no event.
      socket.on('join:dashboard', (...args: unknown[]) => void joinDashboard(socket, args));
      socket.on('rejoin:dashboard', (...args: unknown[]) => void rejoinDashboard(socket, args));
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
      outgoing.push([Array.isArray(rooms) ? rooms : [rooms], event, args]);
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
            // Out before anyone leaves the room: the socket that may no longer see it hears why.
            outgoing.flush();
            for (const socket of await socketsIn(ROOMS.conversation(conversationId))) {
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
      toUser: (userId, event, ...args) => emitTo(userRoom(userId), event, args),
      onPresence: (listener) => {
        presenceListeners.add(listener);
        return () => presenceListeners.delete(listener);
      },
      isPresent: async (userId) => (await socketsIn(userRoom(userId))).length > 0,
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
        if (!dashboardRouter) return;
        // What was emitted under the old rules reaches the rooms it was meant for.
        outgoing.flush();
        for (const socket of await socketsIn()) {
          const user = socket.data.user;
          const rooms = [...socket.rooms].filter((r) => r === ROOMS.dashboard || r.startsWith('dashboard:'));
          if (!user || rooms.length === 0) continue;
          for (const r of rooms) socket.leave(r);
          socket.join((await dashboardRoomsOf(user)) ?? []);
        }
      },
    };
    app.decorate('realtime', realtime);

    app.addHook('preClose', async () => {
      closing = true;
      outgoing.flush();
      io.local.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'atende-realtime', dependencies: ['atende-db', 'atende-redis', 'atende-auth'] },
);
