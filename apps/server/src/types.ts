import type {
  ClientToServerEvents,
  DomainEvent,
  ServerToClientEvents,
  SystemStatus,
  UserRole,
} from '@atende/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { Database } from './db/schema.js';

/** The signed-in user attached to a request or socket. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  avatar: string | null;
}

type EventArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/** A live sign-in session: who it signs in, until when, and when it was last used. */
export interface ActiveSession {
  id: string;
  expiresAt: number;
  lastSeenAt: number;
  user: AuthUser;
}

/**
 * How the auth plugin turns a bearer token into a session (people/auth's sessions, handed to it by
 * app.ts): plugins/ never reads the domain's tables itself.
 */
export interface SessionLookup {
  /** The session behind a raw token, if it is live (not revoked, not expired, not idle, user enabled). */
  findActive(token: string, at: number): Promise<ActiveSession | null>;
  /** Records that the session was used at `at` (its idle expiry slides); skipped when recorded lately. */
  touch(session: ActiveSession, at: number): Promise<void>;
}

/** The user behind an authenticated socket, with the session it was opened with. */
export interface SocketUser extends AuthUser {
  sessionId: string;
}

/** Client events answered by the domain, each with an acknowledgement. */
export type ClientEventName = 'send:message' | 'takeover:start' | 'takeover:end';
/** Payload of a client event (already validated against the contracts' schema). */
export type ClientEventPayload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];
/** What the handler of a client event resolves to; sent back as the ack. */
export type ClientEventAck<E extends ClientEventName> = Parameters<
  NonNullable<Parameters<ClientToServerEvents[E]>[1]>
>[0];
export type ClientEventHandler<E extends ClientEventName> = (
  user: SocketUser,
  payload: ClientEventPayload<E>,
) => Promise<ClientEventAck<E>>;
/** Object-level check for `join:conversation`: resolve false to refuse the room. */
export type ConversationAccessGuard = (user: SocketUser, conversationId: string) => Promise<boolean>;

/**
 * Decides who on the dashboard hears what (operators' visibility): the rooms a socket joins on
 * `join:dashboard`, and the rooms of each dashboard event (null: the `dashboard` room as usual).
 */
export interface DashboardRouter {
  roomsFor(user: SocketUser): Promise<string[]>;
  route(event: keyof ServerToClientEvents, args: unknown[]): Promise<string[] | null>;
  /** After a handler change: may this socket's user stay in the conversation's room? */
  mayStayInConversation(user: SocketUser, conversationId: string): Promise<boolean>;
}

/** Fan-out of realtime events (Socket.IO; across processes with the Redis adapter). */
export interface Realtime {
  toDashboard<E extends keyof ServerToClientEvents>(event: E, ...args: EventArgs<E>): void;
  toConversation<E extends keyof ServerToClientEvents>(
    conversationId: string,
    event: E,
    ...args: EventArgs<E>
  ): void;
  /** To the dashboard room and the conversation's room at once: a socket in both hears it once. */
  toDashboardAndConversation<E extends keyof ServerToClientEvents>(
    conversationId: string,
    event: E,
    ...args: EventArgs<E>
  ): void;
  /** To every socket of one person, on any instance (their notifications, their counts). */
  toUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: EventArgs<E>): void;
  /** Hears a person's first socket arrive and their last one leave (across the cluster). */
  onPresence(listener: (userId: string, present: boolean) => void): () => void;
  /** Whether the person has a dashboard connected anywhere. */
  isPresent(userId: string): Promise<boolean>;
  /** Observes every emission (event name only), e.g. to push fresh metrics after data changed. */
  onEmit(listener: (event: keyof ServerToClientEvents) => void): () => void;
  /** Disconnects every socket of a session (logout, revocation). */
  disconnectSession(sessionId: string): Promise<void>;
  connectedSockets(): number;
  /** Health probe: round trip through the adapter; resolves with the local socket count. */
  probe(): Promise<{ sockets: number; responseTime: number }>;
  /** Registers the domain's handler for a client event; its result is the ack. One handler per event. */
  onClientEvent<E extends ClientEventName>(event: E, handler: ClientEventHandler<E>): void;
  /** Sets the check run before a socket joins `conversation:<id>` (default: allow). */
  setConversationGuard(guard: ConversationAccessGuard): void;
  /** Routes dashboard events by visibility (default: everyone in `dashboard` hears everything). */
  setDashboardRouter(router: DashboardRouter): void;
  /** Re-seats every dashboard socket in the rooms its user gets now (after a visibility change). */
  refreshDashboardRooms(): Promise<void>;
}

/** One server process of the deployment, as its last heartbeat described it. */
export interface ClusterInstance {
  name: string;
  /** Sockets connected to it. */
  sockets: number;
  heapMb: number;
  /** Its event-loop delay, p99 over the 5–10 s before the heartbeat (ms): how far behind it runs. */
  loopDelayMs: number;
  startedAt: number;
  /** When its last heartbeat was written (ms). */
  seenAt: number;
}

/** The deployment's instances (through Redis; just this one without it). */
export interface Cluster {
  readonly instanceName: string;
  /** This instance's event-loop delay, p99 over the last 5–10 s (ms). */
  loopDelayMs(): number;
  /** True for one caller per `what` across all instances until `ms` have passed (always true alone). */
  claim(what: string, ms: number): Promise<boolean>;
  /** Every instance heard from recently, this one included, by name. */
  instances(): Promise<ClusterInstance[]>;
}

/** Result of one named health check (`GET /api/dashboard/health`). */
export interface HealthCheckResult {
  status: SystemStatus;
  /** Milliseconds, or null when not measured. */
  responseTime: number | null;
  detail?: string | null;
}

/** Named checks that the domain and the agent add (channel, agent provider, …). */
export interface HealthChecks {
  register(name: string, check: () => Promise<HealthCheckResult>): void;
  entries(): ReadonlyArray<[string, () => Promise<HealthCheckResult>]>;
}

/** In-process notification that the knowledge base changed (the agent re-indexes). */
export interface KnowledgeBaseEvents {
  onChange(listener: (content: string) => void): () => void;
  emitChange(content: string): void;
}

/**
 * Domain events, published after the commit that made them true (plugins/domain-events.ts).
 * Listeners run synchronously in `publish`: they hand slow work elsewhere (a queue, a job).
 */
export interface DomainEvents {
  publish(...events: DomainEvent[]): void;
  /** Answers the unsubscribe function. */
  subscribe(listener: (event: DomainEvent) => void): () => void;
}

/**
 * Checks an API token (a bearer starting `atd_`) for this request's route: answers the user it acts
 * as, or throws 401/403/429.
 */
export type ApiTokenAuthenticator = (
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<AuthUser>;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    dbHandle: DatabaseHandle;
    db: Kysely<Database>;
    /** Heavy read-only aggregates: a worker thread's connection on SQLite (see `DatabaseHandle`). */
    readDb: Kysely<Database>;
    realtime: Realtime;
    /** Shared Redis connection when REDIS_URL is set (adapter, rate limits, health), else null. */
    redis: Redis | null;
    healthChecks: HealthChecks;
    cluster: Cluster;
    knowledgeBase: KnowledgeBaseEvents;
    domainEvents: DomainEvents;
    /** The sign-in sessions behind bearer tokens (REST and sockets), as the auth plugin was given them. */
    sessions: SessionLookup;
    /** preHandler: 401 unless a valid bearer token; sets request.user and request.sessionId. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Registers how API tokens are checked (integrations/api-tokens); without it they get 401. */
    setApiTokenAuthenticator: (authenticator: ApiTokenAuthenticator) => void;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
}
