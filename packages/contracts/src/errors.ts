import { z } from 'zod';

/** Stable error codes carried beside the pt-BR message of every failed call. */
export const errorCodeSchema = z.enum([
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'CHANNEL_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Default pt-BR message per code; a handler may give a more precise one. */
export const errorMessages: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Dados inválidos',
  INVALID_JSON: 'Corpo da requisição não é um JSON válido',
  PAYLOAD_TOO_LARGE: 'Requisição muito grande',
  UNAUTHORIZED: 'Não autenticado',
  INVALID_CREDENTIALS: 'E-mail ou senha inválidos',
  ACCOUNT_DISABLED: 'Sua conta está desativada. Peça a um administrador para reativá-la.',
  FORBIDDEN: 'Acesso negado',
  NOT_FOUND: 'Recurso não encontrado',
  CONFLICT: 'Conflito com o estado atual',
  RATE_LIMITED: 'Muitas tentativas. Aguarde e tente novamente.',
  CHANNEL_UNAVAILABLE: 'WhatsApp indisponível no momento',
  SERVICE_UNAVAILABLE: 'Serviço indisponível no momento',
  INTERNAL_ERROR: 'Erro interno do servidor',
};

/** HTTP status per code, so the server maps errors in one place. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  CHANNEL_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};
