import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** Random bytes drawn in blocks: one system call per 4 KiB of identifiers, not one each. */
const pool = Buffer.alloc(16 * 256);
let poolOffset = pool.length;

/** `length` (≤ 16) fresh random bytes, from the pool: callers copy them before the next call. */
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
 * A new identifier: a UUID version 7 (RFC 9562) — 48 bits of Unix milliseconds, then random bits.
 * Identifiers made close in time sort close together, so a new row's primary-key entry lands on the
 * same few index pages as its neighbours' instead of a random page of a large index: a batch of
 * inserts dirties (and writes to the log) a handful of pages rather than one per row. Identifiers are
 * not secrets: they reveal when a row was made, which the rows' own timestamps say anyway. Identifiers
 * made for the present millisecond (with or without `at`) also sort in the order they were made, so
 * rows ordered by time, then identifier (a transcript's lines, a conversation's hand-offs) keep the
 * order they happened in; a past or future `at` gets random bits after its milliseconds.
 */
export function newId(at?: number): string {
  // Random bits from the pool (uuid alone asks the OS for 16 bytes per identifier).
  const random = randomBytesFromPool(16);
  const now = Date.now();
  const msecs = at === undefined ? now : Math.max(0, Math.floor(at));
  if (msecs > clock.msecs && msecs <= now) {
    // A new millisecond starts its counter at a random 31-bit value, as uuid does (RFC 9562, method 2).
    clock.seq =
      (((random[6] as number) & 0x7f) << 24) |
      ((random[7] as number) << 16) |
      ((random[8] as number) << 8) |
      (random[9] as number);
    clock.msecs = msecs;
  } else if (at === undefined || msecs === clock.msecs) {
    clock.seq = (clock.seq + 1) | 0;
    if (clock.seq === 0) clock.msecs += 1;
  } else {
    return v7({ msecs, random });
  }
  return v7({ msecs: clock.msecs, seq: clock.seq, random });
}

/** The last identifier's millisecond and counter: identifiers of one millisecond sort as made. */
const clock = { msecs: Number.NEGATIVE_INFINITY, seq: 0 };
