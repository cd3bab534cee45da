import { apiPaths, pairingCodeResponseSchema } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface PairingCodeInput {
  id: string;
  /** The number to link, with country and area codes. */
  phone: string;
}

/** Admin only, linked devices: an 8-character code the phone types instead of scanning the QR. */
export async function requestPairingCode({ id, phone }: PairingCodeInput): Promise<string> {
  const response = await apiRequest(apiPaths.inboxPairingCode(id), {
    method: 'POST',
    body: { phone },
    schema: pairingCodeResponseSchema,
  });
  return response.data.code;
}

/** Errors are the dialog's to show, beside the phone field. */
export function useRequestPairingCode() {
  return useMutation({ mutationFn: requestPairingCode });
}
