import {
  type ClientToServerEvents,
  createReplayFilter,
  LIMITS,
  type ServerToClientEvents,
} from '@atende/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getToken } from './storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** idle → connecting → authenticated; `failed` after the 5 reconnect attempts are spent. */
export type RealtimeStatus = 'idle' | 'connecting' | 'authenticated' | 'unauthenticated' | 'failed';

let socket: AppSocket | null = null;
let status: RealtimeStatus = 'idle';
/** When the socket last got into the dashboard room (Date.now()); 0 before the first time. */
let dashboardJoinedAt = 0;
const listeners = new Set<() => void>();
/** Whether the event being dispatched was already delivered (replayed and live around a reconnection). */
let dispatchingRepeat = false;

function notify() {
  for (const listener of listeners) listener();
}

function setStatus(next: RealtimeStatus) {
  if (status === next) return;
  status = next;
  notify();
}

/** The one socket of the app: same origin, websocket then polling, token in auth. */
export function connectSocket(): AppSocket {
  if (socket) return socket;
  const s: AppSocket = io({
    transports: ['websocket', 'polling'],
    auth: (cb) => cb({ token: getToken() ?? '' }),
    reconnectionAttempts: LIMITS.realtimeReconnectAttempts,
    reconnectionDelay: LIMITS.realtimeReconnectDelayMs,
    reconnectionDelayMax: LIMITS.realtimeReconnectDelayMaxMs,
    timeout: LIMITS.realtimeTimeoutMs,
  });
  socket = s;
  setStatus('connecting');

  // With several server instances, a reconnection within 2 minutes is recovered: the server puts the
  // socket back in its rooms and replays what it missed, so nothing has to be reloaded. When its
  // instance died (nothing kept for it), `rejoin:dashboard` asks for the events after the last one
  // seen; only when that cannot be had either does the page reload. An event that comes both
  // replayed and live is handled once.
  let recovered = false;
  let since: string | null = null;
  const replay = createReplayFilter();
  s.prependAny((_event: string, ...args: unknown[]) => {
    dispatchingRepeat = replay.isRepeat(args);
  });

  // The token also goes in an authenticate event on each connection; the server answers it
  // once (from the lookup the handshake started), and the dashboard room is joined after the answer.
  s.on('connect', () => {
    recovered = s.recovered;
    const token = getToken();
    if (token) s.emit('authenticate', { token });
  });
  s.on('authenticated', () => {
    if (dispatchingRepeat) return;
    setStatus('authenticated');
    const joined = (replayed: boolean) => {
      if (replayed && dashboardJoinedAt !== 0) return;
      dashboardJoinedAt = Date.now();
      notify();
    };
    if (!recovered && since && dashboardJoinedAt !== 0) {
      s.emit('rejoin:dashboard', { since }, (result) => joined(result.success && !!result.data?.replayed));
    } else s.emit('join:dashboard', () => joined(recovered));
  });
  s.on('auth_error', ({ message }) => {
    // An ended session (logout elsewhere, revoked, expired) is an expected outcome: the app goes to /login.
    console.warn('Falha na autenticação do tempo real:', message);
    setStatus('unauthenticated');
  });
  s.on('connect_error', (error) => console.error('Erro de conexão do tempo real:', error.message));
  s.on('disconnect', (reason) => {
    // The last room event heard before the drop: after it, `authenticated` has a newer offset.
    since = replay.latest();
    if (reason !== 'io client disconnect') setStatus('connecting');
  });
  s.io.on('reconnect_attempt', () => setStatus('connecting'));
  s.io.on('reconnect_failed', () => {
    console.error('Tempo real: conexão falhou após as tentativas de reconexão');
    setStatus('failed');
  });
  s.io.on('error', (error) => {
    if (error.message.includes('timeout')) console.warn('Tempo real: tempo limite de conexão excedido');
  });
  return s;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  dashboardJoinedAt = 0;
  setStatus('idle');
}

export function getSocket(): AppSocket | null {
  return socket;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => status,
  );
}

/**
 * When the socket last got into the dashboard room (Date.now(); 0 until it has): anything fetched
 * before then may have missed events sent while the socket was not listening (page load, a reconnection
 * the server did not recover). A recovered reconnection leaves it as it was: nothing was missed.
 */
export function useDashboardJoinedAt(): number {
  return useSyncExternalStore(
    subscribe,
    () => dashboardJoinedAt,
    () => dashboardJoinedAt,
  );
}

/** Subscribes to a server event for the lifetime of the component; the latest handler is always used. */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const ref = useRef(handler);
  ref.current = handler;
  const realtime = useRealtimeStatus();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-subscribe when the socket (re)connects
  useEffect(() => {
    const s = socket;
    if (!s) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) => {
      if (!dispatchingRepeat) (ref.current as (...a: typeof args) => void)(...args);
    }) as unknown as ServerToClientEvents[E];
    // biome-ignore lint/suspicious/noExplicitAny: socket.io's typed `on` cannot narrow a generic event name
    (s as any).on(event, listener);
    return () => {
      // biome-ignore lint/suspicious/noExplicitAny: see above
      (s as any).off(event, listener);
    };
  }, [event, realtime]);
}
