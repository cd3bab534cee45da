import { createServer } from 'node:net';

/** A loopback port nothing listens on right now (the OS picks it; the probe closes at once). */
export function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
