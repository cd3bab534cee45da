import { WifiOff } from 'lucide-react';
import { connectSocket, disconnectSocket, useRealtimeStatus } from '@/lib/socket';

/** Shown when the realtime connection gave up after its reconnect attempts. */
export function RealtimeBanner() {
  const status = useRealtimeStatus();
  if (status !== 'failed') return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-amber-200 border-b bg-amber-50 px-4 py-2 text-amber-900 text-sm dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>Conexão em tempo real perdida. Os dados podem estar desatualizados.</span>
      <button
        type="button"
        onClick={() => {
          disconnectSocket();
          connectSocket();
        }}
        className="rounded font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        Reconectar
      </button>
    </div>
  );
}
