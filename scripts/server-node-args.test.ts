import { describe, expect, it } from 'vitest';
import { serverNodeArgs } from './server-node-args.mjs';

describe('serverNodeArgs', () => {
  it('gives the server a 64 MB young generation by default', () => {
    expect(serverNodeArgs([], '')).toEqual(['--max-semi-space-size=64']);
  });

  it("keeps the caller's options after the defaults", () => {
    expect(serverNodeArgs(['--max-old-space-size=1024'], '')).toEqual([
      '--max-semi-space-size=64',
      '--max-old-space-size=1024',
    ]);
  });

  it('leaves a young generation size the caller chose alone, on the command line or in NODE_OPTIONS', () => {
    expect(serverNodeArgs(['--max-semi-space-size=16'], '')).toEqual(['--max-semi-space-size=16']);
    expect(serverNodeArgs([], '--max_semi_space_size=32 --trace-warnings')).toEqual([]);
  });
});
