import type { WhatsappStatus } from '@atende/contracts';

/** `ABCD1234` as the phone shows it: `ABCD-1234`. */
export function formatPairingCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

export type ConnectionTone = 'success' | 'warning' | 'info' | 'error';

export interface ConnectionSummary {
  label: string;
  tone: ConnectionTone;
  /** Why it is disconnected, when the channel said. */
  reason: string | null;
}

/** One inbox's connection in a word, for badges: connected, waiting for a scan, connecting or down. */
export function summarizeConnection(status: WhatsappStatus): ConnectionSummary {
  if (status.connected) return { label: 'Conectado', tone: 'success', reason: null };
  if (status.state === 'qr' || status.qr) {
    return { label: 'Aguardando leitura do QR', tone: 'warning', reason: null };
  }
  if (status.state === 'connecting') return { label: 'Conectando', tone: 'info', reason: null };
  // Nobody read the QR in time: waiting for a person, not a failure.
  if (status.problem === 'qr_expired') {
    return { label: 'QR expirado', tone: 'warning', reason: status.reason ?? null };
  }
  return { label: 'Desconectado', tone: 'error', reason: status.reason ?? null };
}
