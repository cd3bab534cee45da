import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: a code a person can read off the screen and type. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random pairing code, `XXXX-XXXX`. */
export function newPairingCode(): string {
  let raw = '';
  for (let i = 0; i < 8; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/** Case, spaces and the dash do not matter when a person types the code. */
export function normalizePairingCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The link the QR encodes (what the simulated phone "scans"). */
export function pairingLink(code: string): string {
  return `atende-sim://pair?code=${encodeURIComponent(code)}`;
}
