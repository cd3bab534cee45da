import { randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** Random bytes drawn in blocks: one system call per 4 KiB of identifiers, not one each. */
const pool = Buffer.alloc(16 * 256);
let poolOffset = pool.length;

/** `length` (≤ 16) fresh random bytes, from the pool: callers overwrite or copy them before the next call. */
function randomBytesFromPool(length: number): Buffer {
  if (poolOffset + length > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + length);
  poolOffset += length;
  return bytes;
}

/** `length` (≤ 16) random bytes as upper-case hex: message ids in a channel's format. */
export function randomHex(length: number): string {
  let hex = '';
  for (const byte of randomBytesFromPool(length)) hex += HEX[byte];
  return hex.toUpperCase();
}

/**
 * A new identifier: a UUID version 7 (RFC 9562) — 48 bits of Unix milliseconds, then 74 random bits.
 * Identifiers made close in time sort close together, so a new row's primary-key entry lands on the
 * same few index pages as its neighbours' instead of a random page of a large index: a batch of
 * inserts dirties (and writes to the log) a handful of pages rather than one per row. Identifiers are
 * not secrets: they reveal when a row was made, which the rows' own timestamps say anyway.
 */
export function newId(at: number = Date.now()): string {
  const bytes = randomBytesFromPool(16);
  // 48-bit big-endian timestamp (a double holds it exactly; bit operators would truncate to 32 bits).
  let ms = Math.max(0, Math.floor(at));
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  let id = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) id += '-';
    id += HEX[bytes[i] ?? 0];
  }
  return id;
}
