import { useEffect } from 'react';
import { validateSession } from '@/lib/session';
import { getSocket, useRealtimeStatus } from '@/lib/socket';

/**
 * The server drops a session's sockets when it ends it elsewhere (account disabled, password changed,
 * "encerrar" from another device) or when the user's role changes. Re-checking the session then sends
 * an ended session to /login at once and refreshes a changed user.
 */
export function useSessionRevocation(): void {
  const status = useRealtimeStatus();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-attach when the socket (re)connects
  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') void validateSession();
    };
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('disconnect', onDisconnect);
    };
  }, [status]);
}
