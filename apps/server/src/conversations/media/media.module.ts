import fp from 'fastify-plugin';
import { mediaRoutes } from './media.routes.js';
import { createMediaStore, type MediaStore } from './media-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared media store (channels save inbound media; the LGPD erasure removes it). */
    media: MediaStore;
  }
}

/** Decorates `app.media` (files under MEDIA_DIR) and serves them at `GET /api/media/:id`. */
export const mediaModule = fp(
  async (app) => {
    const store = createMediaStore({
      db: app.db,
      dir: app.config.mediaDir,
      maxBytes: app.config.mediaMaxBytes,
    });
    app.decorate('media', store);
    await app.register(mediaRoutes(store));
  },
  { name: 'atende-media', dependencies: ['atende-db', 'atende-auth', 'atende-visibility'] },
);
