import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownChannelKinds } from './registry';

const CHANNELS = import.meta.dirname;
const SRC = dirname(CHANNELS);

/** Test code describes the server's answers, kinds included; the rule binds production code. */
const isTestCode = (path: string) =>
  /\.test\.tsx?$/.test(path) || path.includes('/test-support/') || path.startsWith(join(SRC, 'test'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === CHANNELS ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !isTestCode(path) ? [path] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** A kind as a string literal (`'cloud-api'`, `"simulator"`) or as an object key (`simulator:`). */
export function kindLiteralsIn(text: string, kinds: readonly string[]): string[] {
  return kinds.flatMap((kind) => {
    const quoted = new RegExp(`(['"\`])${escapeRegExp(kind)}\\1`, 'g');
    const key = new RegExp(`(^|[{,\\s])${escapeRegExp(kind)}\\s*:(?!:)`, 'gm');
    return [...text.matchAll(quoted), ...text.matchAll(key)].map(() => kind);
  });
}

describe('channel kinds on the web', () => {
  it('are named only under channels/ (the rest reads channels/registry.ts)', () => {
    const offenders = sourceFiles(SRC).flatMap((path) => {
      const found = kindLiteralsIn(readFileSync(path, 'utf8'), knownChannelKinds);
      return found.length > 0 ? [`${relative(SRC, path)}: ${[...new Set(found)].join(', ')}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  it('finds a kind written as a literal or a key', () => {
    expect(kindLiteralsIn("if (inbox.kind === 'cloud-api') {}", knownChannelKinds)).toEqual(['cloud-api']);
    expect(kindLiteralsIn('const ICONS = { simulator: Flask };', knownChannelKinds)).toEqual(['simulator']);
    expect(kindLiteralsIn("apiPaths.simulatorPair(); '/simulator/pair'", knownChannelKinds)).toEqual([]);
  });
});
