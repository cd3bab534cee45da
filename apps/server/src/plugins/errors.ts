import { type ErrorCode, type ErrorEnvelope, errorMessages, errorStatus } from '@atende/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isAppError } from '../lib/app-error.js';
import { formatValidationMessage } from './validation-message.js';

function envelope(code: ErrorCode, message?: string): ErrorEnvelope {
  return { success: false, message: message ?? errorMessages[code], code };
}

/** Fastify's own error codes that are the client's fault, with our code and pt-BR text. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: errorMessages.INVALID_JSON },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: errorMessages.INVALID_JSON },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: errorMessages.PAYLOAD_TOO_LARGE,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'VALIDATION_ERROR',
    message: 'Tipo de conteúdo não suportado; envie application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'VALIDATION_ERROR',
    message: 'Tamanho do corpo não confere com Content-Length',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'VALIDATION_ERROR', message: 'Endereço inválido' },
};

/** Codes for a client error known only by its HTTP status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** Maps any error to a status and the failure envelope; 5xx details never leave the server. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (isAppError(error)) {
    void reply.status(error.statusCode).send(envelope(error.code, error.message));
    return;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = formatValidationMessage(error.validation, error.validationContext);
    void reply.status(400).send(envelope('VALIDATION_ERROR', message));
    return;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    void reply.status(400).send(envelope('INVALID_JSON'));
    return;
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) {
    void reply.status(known.status).send(envelope(known.code, known.message));
    return;
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'VALIDATION_ERROR';
    if (status === 415) {
      void reply.status(415).send(envelope(code, FRAMEWORK_ERRORS.FST_ERR_CTP_INVALID_MEDIA_TYPE?.message));
      return;
    }
    void reply.status(status).send(envelope(code));
    return;
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
  } else {
    request.log.error({ err: error }, 'unhandled error');
  }
  void reply.status(errorStatus.INTERNAL_ERROR).send(envelope('INTERNAL_ERROR'));
}

/** 404 for API routes (and anything the static plugin does not serve). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): void {
  const message = request.url.startsWith('/api') ? 'Rota não encontrada' : 'Página não encontrada';
  void reply.status(404).send(envelope('NOT_FOUND', message));
}

/**
 * The one error handler, plus a JSON parser that reads an empty body as "no body" (the web client
 * sends `Content-Type: application/json` on calls without payload) and rejects prototype poisoning.
 */
export const errorsPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, done);
    });
    app.setErrorHandler(handleError);
  },
  { name: 'atende-errors' },
);
