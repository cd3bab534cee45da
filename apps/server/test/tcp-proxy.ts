import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP front to a port on this machine, like a load balancer or the network path to a service, that a
 * test can cut: `switchTo` drops every connection and sends the next ones to another port; `cut` drops
 * every connection and refuses new ones until `restore`.
 */
export async function tcpProxy(targetPort: number) {
  let target = targetPort;
  let port = 0;
  let server: Server | null = null;
  const open = new Set<Socket>();
  const dropAll = () => {
    for (const client of open) client.destroy();
  };
  const start = () =>
    new Promise<void>((resolve) => {
      const listening = createServer((client) => {
        const upstream = connect(target, '127.0.0.1');
        open.add(client);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          open.delete(client);
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server = listening;
      // The same port again after a cut: clients reconnect to where they were.
      listening.listen(port, '127.0.0.1', () => {
        const address = listening.address();
        port = typeof address === 'object' && address ? address.port : 0;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      dropAll();
      const closing = server;
      server = null;
      if (closing) closing.close(() => resolve());
      else resolve();
    });
  await start();
  return {
    port: () => port,
    switchTo(nextPort: number) {
      target = nextPort;
      dropAll();
    },
    cut,
    restore: start,
    close: cut,
  };
}
