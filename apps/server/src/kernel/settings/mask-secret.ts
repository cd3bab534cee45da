import type { MaskedSecret } from '@atende/contracts';

/** A write-only secret as the client sees it: whether it is set, and at most its last 4 characters. */
export function maskSecret(secret: string | null | undefined): MaskedSecret {
  if (!secret) return { isSet: false, masked: null };
  const tail = secret.length >= 12 ? secret.slice(-4) : '';
  return { isSet: true, masked: `••••${tail}` };
}
