import { type ErrorCode, errorMessages, errorStatus } from '@atende/contracts';

/**
 * A failure the client should see: a stable code, its HTTP status, and a pt-BR message.
 * Thrown by services and routes; the error plugin turns it into `{ success: false, message, code }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;

  constructor(code: ErrorCode, message?: string) {
    super(message ?? errorMessages[code]);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatus[code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
