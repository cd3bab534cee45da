import fp from 'fastify-plugin';
import type { AuthUser } from '../../types.js';
import { mediaRoutes } from './media.routes.js';
import { createMediaStore, type MediaStore } from './media-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared media store (channels save inbound media; the LGPD erasure removes it). */
    media: MediaStore;
    /** Who may open a stored file beyond being signed in (the domain sets it: operators' visibility). */
    setMediaGuard(guard: MediaGuard): void;
  }
}

export type MediaGuard = (user: AuthUser, mediaId: string) => Promise<boolean>;

/** Decorates `app.media` (files under MEDIA_DIR) and serves them at `GET /api/media/:id`. */
export const mediaModule = fp(
  async (app) => {
    const store = createMediaStore({
      db: app.db,
      dir: app.config.mediaDir,
      maxBytes: app.config.mediaMaxBytes,
    });
    app.decorate('media', store);
    let guard: MediaGuard = async () => true;
    app.decorate('setMediaGuard', (next: MediaGuard) => {
      guard = next;
    });
    await app.register(mediaRoutes(store, (user, id) => guard(user, id)));
  },
  { name: 'atende-media', dependencies: ['atende-db', 'atende-auth'] },
);
