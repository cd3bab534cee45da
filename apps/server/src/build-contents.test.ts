import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What `npm run build` compiles into `dist`: production code only. Test support (fakes, fixtures,
 * sample media) lives in `test-support/` folders and test files, which the build leaves out, so no
 * fake socket or test helper can be reached from what users run.
 */

const SERVER = new URL('..', import.meta.url).pathname;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function compiledSources(): string[] {
  const listing = execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--listFilesOnly'], {
    cwd: SERVER,
    encoding: 'utf8',
  });
  return listing
    .split('\n')
    .filter((file) => file.startsWith(SERVER) && !file.includes('/node_modules/'))
    .map((file) => relative(SERVER, file));
}

/** Test files, test-support folders, the server's test/ folder, and files named as test support. */
const TEST_CODE = [
  /\.test\.tsx?$/,
  /(^|\/)test-support\//,
  /^test\//,
  /\/(fake-[^/]*|[^/]*fixtures?|[^/]*-samples?)\.ts$/,
];
const TEST_IMPORT = /from\s+['"](?:vitest|fast-check|playwright-core)['"]/;

describe('the production build', () => {
  const sources = compiledSources();

  it('compiles the server', () => {
    expect(sources).toContain('src/server.ts');
    expect(sources.length).toBeGreaterThan(100);
  });

  it('takes no test file, test-support folder or test helper', () => {
    expect(sources.filter((file) => TEST_CODE.some((pattern) => pattern.test(file)))).toEqual([]);
  });

  it('takes no file that imports a test library', () => {
    const importing = sources.filter((file) => TEST_IMPORT.test(readFileSync(`${SERVER}${file}`, 'utf8')));
    expect(importing).toEqual([]);
  });
});
