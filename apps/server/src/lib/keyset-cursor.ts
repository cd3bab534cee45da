import { AppError } from './app-error.js';

/** A position in a list ordered by (time desc, id desc): the last row a page showed. */
export interface KeysetCursor {
  time: number;
  id: string;
}

export const INVALID_CURSOR = 'Cursor de paginação inválido';

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.time, cursor.id])).toString('base64url');
}

/** A client-supplied cursor; anything that is not one of ours is a 400, never a 500. */
export function decodeCursor(text: string): KeysetCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && Number.isSafeInteger(value[0]) && typeof value[1] === 'string') {
      return { time: value[0], id: value[1] };
    }
  } catch {
    // not base64url JSON: same answer as a malformed one
  }
  throw new AppError('VALIDATION_ERROR', INVALID_CURSOR);
}
