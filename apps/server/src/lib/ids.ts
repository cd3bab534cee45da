import { randomUUID } from 'node:crypto';

/** A new opaque identifier (UUID v4). */
export function newId(): string {
  return randomUUID();
}
