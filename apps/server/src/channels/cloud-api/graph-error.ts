/** An error answer of the Graph API (`{ error: { code, message, error_subcode, error_data } }`). */
export class GraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }

  /** Worth another try later: throughput exceeded (130429, 80007, 4) or Meta's side failing (5xx). */
  get retryable(): boolean {
    return this.httpStatus >= 500 || this.httpStatus === 429 || RETRYABLE_CODES.has(this.code ?? -1);
  }

  /** The access token expired or was revoked: nothing works until an admin sets a new one. */
  get tokenInvalid(): boolean {
    return this.code === 190 || (this.httpStatus === 401 && this.code === null);
  }
}

const RETRYABLE_CODES = new Set([4, 80007, 130429, 131056, 131048]);

/** The customer-service window closed: free-form messages need a template now. */
export const WINDOW_CLOSED_CODE = 131047;

/** What each known Graph error means to an operator (pt-BR, shown on the failed message). */
const EXPLANATIONS: Record<number, string> = {
  190: 'Token de acesso do WhatsApp expirado ou inválido. Um administrador precisa cadastrar um novo token.',
  368: 'O número foi bloqueado temporariamente pela Meta por violar as políticas do WhatsApp.',
  130429: 'Limite de envio por segundo do número excedido. A mensagem foi reenviada automaticamente.',
  131026: 'Mensagem não entregue: o número não usa WhatsApp ou não aceitou os termos mais recentes.',
  131047:
    'Mais de 24 horas desde a última mensagem do cliente: a janela de atendimento fechou. Use um modelo de mensagem aprovado para retomar a conversa.',
  131048: 'Envio limitado por suspeita de spam. Aguarde antes de enviar novas mensagens.',
  131051: 'Tipo de mensagem não suportado pelo WhatsApp.',
  131052: 'Não foi possível baixar a mídia enviada pelo cliente.',
  131053: 'Não foi possível enviar a mídia.',
  132000: 'Os parâmetros não conferem com o modelo de mensagem.',
  132001: 'O modelo de mensagem não existe ou não foi aprovado neste idioma.',
};

/** The pt-BR explanation for a Graph error code (a generic one naming the code when unknown). */
export function explainGraphError(code: number | null, fallback?: string): string {
  if (code !== null && EXPLANATIONS[code]) return EXPLANATIONS[code];
  const detail = fallback ? `: ${fallback}` : '';
  return `O WhatsApp recusou a mensagem${code !== null ? ` (erro ${code})` : ''}${detail}`;
}

/** Reads a Graph error body (or anything else) into a GraphError. */
export async function graphErrorOf(response: {
  status: number;
  json(): Promise<unknown>;
}): Promise<GraphError> {
  let code: number | null = null;
  let message = `Graph API respondeu ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'number') code = body.error.code;
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return new GraphError(response.status, code, message);
}
