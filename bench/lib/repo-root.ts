import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: the benches start their child processes from it. */
export const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
