import fp from 'fastify-plugin';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.js';

export interface DbPluginOptions {
  /** An already-open handle (tests, bench); it is migrated but not closed by the app. */
  handle?: DatabaseHandle | undefined;
}

/** Opens and migrates the database; decorates `db`, `readDb` and `dbHandle`; closes it with the app. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, options) => {
    const owned = !options.handle;
    const handle =
      options.handle ??
      openDatabase(app.config.databaseUrl, {
        backgroundCheckpoints: true,
        readReplica: true,
        poolSize: app.config.databasePoolSize,
        namedStatements: app.config.databasePreparedStatements,
      });
    try {
      await migrateToLatest(handle.db);
    } catch (error) {
      if (owned) await handle.close();
      throw error;
    }
    app.decorate('dbHandle', handle);
    app.decorate('db', handle.db);
    app.decorate('readDb', handle.readDb);
    if (owned) app.addHook('onClose', async () => handle.close());
    app.log.info({ database: handle.kind, location: handle.location }, 'database ready');
  },
  { name: 'atende-db' },
);
