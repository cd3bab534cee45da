/** Why the connection is not up, as the dashboard shows it. */
export type ConnectionProblem =
  | 'logged_out'
  | 'banned'
  | 'replaced'
  | 'outdated'
  | 'unreachable'
  | 'held_elsewhere'
  | 'qr_expired';

export type CloseDecision =
  /** 515 right after pairing: the socket must be rebuilt now. */
  | { action: 'reconnect'; delayMs: 0; problem: null }
  | { action: 'reconnect'; delayMs: number; problem: 'unreachable' }
  /** 401: wipe the auth state, then a fresh QR. */
  | { action: 'logout'; problem: 'logged_out' }
  /** Never reconnect on its own: 440 (another session took over), 403 (banned), 405 (outdated). */
  | { action: 'stop'; problem: 'replaced' | 'banned' | 'outdated' };

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * What to do when Baileys closes the socket, from the close code and how many reconnects failed in a
 * row. Codes per the reference: 515 restart now; 401 logged out; 403 banned; 440 replaced (two
 * sockets on the same creds: looping makes it worse); 405 the pinned WhatsApp Web version is out of
 * date; 408/428/500/503 and anything else: capped exponential backoff.
 */
export function decideOnClose(statusCode: number | undefined, failures: number): CloseDecision {
  switch (statusCode) {
    case 515:
      return { action: 'reconnect', delayMs: 0, problem: null };
    case 401:
      return { action: 'logout', problem: 'logged_out' };
    case 403:
      return { action: 'stop', problem: 'banned' };
    case 440:
      return { action: 'stop', problem: 'replaced' };
    case 405:
      return { action: 'stop', problem: 'outdated' };
    default:
      return { action: 'reconnect', delayMs: backoffMs(failures), problem: 'unreachable' };
  }
}

/** 2 s, 4 s, 8 s … capped at 5 min. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(failures, 20)));
}

/** The close code Baileys puts on `lastDisconnect.error` (a Boom's `output.statusCode`). */
export function closeStatusCode(error: unknown): number | undefined {
  const output = (error as { output?: { statusCode?: unknown } } | undefined)?.output;
  return typeof output?.statusCode === 'number' ? output.statusCode : undefined;
}

/** pt-BR explanation of each problem for the dashboard. */
export const PROBLEM_MESSAGES: Record<ConnectionProblem, string> = {
  logged_out: 'O aparelho foi desconectado pelo celular. Escaneie o novo QR code.',
  banned: 'Este número foi banido ou bloqueado pelo WhatsApp. A conexão foi interrompida.',
  replaced: 'Outra sessão do WhatsApp Web assumiu esta conexão. Feche a outra sessão e clique em Reconectar.',
  outdated:
    'A versão do WhatsApp Web configurada está desatualizada (erro 405). Atualize WHATSAPP_WEB_VERSION e reinicie o servidor.',
  unreachable: 'Não foi possível falar com o WhatsApp. Tentando novamente automaticamente.',
  held_elsewhere: 'A conexão com o WhatsApp está em outro processo do servidor.',
  qr_expired:
    'Ninguém leu o QR code a tempo e ele expirou. Clique em "Gerar novo QR code" quando estiver com o celular em mãos.',
};
