import { ackEnvelopeSchema, apiPaths } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { useRefreshInboxes } from './inbox-cache';

export const PAIR_SIMULATOR_ERROR = 'Erro ao parear o simulador';

/** Simulator inboxes: plays the phone's part with the code its QR encodes (the code names the inbox). */
export async function pairSimulatorInbox(code: string): Promise<void> {
  await apiRequest(apiPaths.simulatorPair(), { method: 'POST', body: { code }, schema: ackEnvelopeSchema });
}

export function usePairSimulatorInbox() {
  const refresh = useRefreshInboxes();
  return useMutation({
    mutationFn: pairSimulatorInbox,
    onSuccess: () => refresh(),
    onError: (error) => {
      toast.error(PAIR_SIMULATOR_ERROR, error.message);
      void refresh();
    },
  });
}
