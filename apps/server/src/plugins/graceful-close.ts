import fp from 'fastify-plugin';

/**
 * While the app closes, answers still in flight carry `Connection: close` and idle keep-alive
 * connections are closed as they free up, so `close()` ends when the last request does instead of
 * waiting for the keep-alive timeout. New requests get 503 (Fastify's `return503OnClosing`).
 */
export const gracefulClosePlugin = fp(
  async (app) => {
    let closing = false;
    let sweeper: NodeJS.Timeout | null = null;
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing && !reply.sent) void reply.header('connection', 'close');
      return payload;
    });
    app.addHook('preClose', async () => {
      closing = true;
      sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
      sweeper.unref();
    });
    app.addHook('onClose', async () => {
      if (sweeper) clearInterval(sweeper);
    });
  },
  { name: 'atende-graceful-close' },
);
