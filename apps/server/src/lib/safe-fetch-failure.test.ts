import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConnectionFailedError, createSafeFetch } from './safe-fetch.js';

/** A port nothing listens on: taken, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('a connection that fails', () => {
  it("says what happened in pt-BR, never Node's 'fetch failed'", async () => {
    const port = await closedPort();
    const fetch = createSafeFetch({ allowPrivate: true });
    const failure = await fetch(`http://127.0.0.1:${port}/hook`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConnectionFailedError);
    expect((failure as Error).message).toBe(`falha de conexão com 127.0.0.1:${port}: conexão recusada`);
    expect((failure as Error).message).not.toMatch(/fetch failed/i);
  });
});
