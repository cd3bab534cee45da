import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A library's behaviour is changed through its public API or a subclass, never by overwriting its
 * methods (docs/conventions.md): an overwritten method (a patched engine.io prototype, the
 * Socket.IO adapter's `broadcast` and `restoreSession`) breaks silently when the library changes how
 * it calls them. This scans the server's and the packages' production source for the ways it is done.
 */

const ROOT = new URL('../../../', import.meta.url).pathname;
const SOURCES = ['apps/server/src', 'packages/channel-whatsapp-web/src', 'packages/contracts/src'];

const PATCHES: Array<[string, RegExp]> = [
  // `adapter.broadcast = (…) => …`, `engine.prototype.x = function …` (own `this.x = …` excepted).
  [
    'a function assigned over a member',
    /(?<![.\w$])(?!this\b)[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+\s*=\s*(?:async\s*)?(?:\([^()]*\)\s*(?::[^=;]+)?=>|function\b|[A-Za-z_$][\w$]*\s*=>)/,
  ],
  ['a prototype member assigned', /\.prototype\.[\w$]+\s*=(?!=)/],
  ['a property redefined', /\bObject\.(?:defineProperty|defineProperties|setPrototypeOf)\s*\(/],
];

function productionFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Each line of `source` that patches something, with what it does. */
export function patchesIn(source: string): string[] {
  const found: string[] = [];
  for (const line of source.split('\n')) {
    const patch = PATCHES.find(([, pattern]) => pattern.test(line));
    if (patch) found.push(`${patch[0]}: ${line.trim()}`);
  }
  return found;
}

describe('no library patches', () => {
  it('recognises the patches this replaced, and leaves assignments of values alone', () => {
    const before = [
      'const broadcast = adapter.broadcast.bind(adapter);',
      'adapter.broadcast = (packet, opts) => {',
      'adapter.restoreSession = async (pid, offset) => {',
      'Socket.prototype.sendFrames = function (frames) {',
      "Object.defineProperty(engine, 'write', { value: write });",
    ].join('\n');
    expect(patchesIn(before)).toHaveLength(4);
    const fine = [
      'this.timer = setTimeout(() => this.release(), 10);',
      'this.starting = (async () => {',
      'request.user = session.user;',
      'socket.data = { user: null, expiresAt: 0 };',
      'const send = (args) => socket.emit(...args);',
      'if (a.b === (c) => d) {}',
    ].join('\n');
    expect(patchesIn(fine)).toEqual([]);
  });

  it('finds no overwritten library method in production code', () => {
    const found = SOURCES.flatMap(productionFiles).flatMap((file) =>
      patchesIn(readFileSync(join(ROOT, file), 'utf8')).map((patch) => `${file}: ${patch}`),
    );
    expect(found).toEqual([]);
  });
});
