import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { channelRegistry } from './registry.js';

const ROOT = new URL('../../../../', import.meta.url).pathname;
/** Production code that must take a kind as data: the server outside channels/, and the contracts. */
const SCANNED = ['apps/server/src', 'packages/contracts/src'];
const KIND_HOMES = ['apps/server/src/channels/'];

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Lines naming a kind as a string literal ('simulator', "cloud-api", `whatsapp-web`). */
export function kindLiterals(text: string, kinds: readonly string[]): string[] {
  const quoted = new RegExp(`(['"\`])(${kinds.map((k) => k.replace(/-/g, '\\-')).join('|')})\\1`);
  return text.split('\n').filter((line) => quoted.test(line));
}

describe('a channel kind is whole in its folder', () => {
  const kinds = [...channelRegistry().keys()];

  it('no production code outside channels/ names a kind', () => {
    const offenders = SCANNED.flatMap((dir) => productionFiles(join(ROOT, dir)))
      .filter((file) => !KIND_HOMES.some((home) => relative(ROOT, file).startsWith(home)))
      .flatMap((file) =>
        kindLiterals(readFileSync(file, 'utf8'), kinds).map(
          (line) => `${relative(ROOT, file)}: ${line.trim()}`,
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('recognises a kind literal', () => {
    expect(kindLiterals("if (kind === 'cloud-api') return;", kinds)).toHaveLength(1);
    expect(kindLiterals('channel: "simulator",', kinds)).toHaveLength(1);
    expect(kindLiterals('const simulatorKind = 1; // the simulator', kinds)).toHaveLength(0);
  });
});
