import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFound } from './errors.js';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

function cacheControlFor(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? '';
  if (NO_CACHE.has(name)) return 'no-cache';
  if (/[\\/]assets[\\/]/.test(path)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path.startsWith('/api') || path.startsWith('/socket.io')) return false;
  return extname(path) === '' || (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app (WEB_DIST) when it exists: hashed assets cached for a year, the HTML
 * shell and service worker revalidated, and any other page path answered with index.html.
 * Owns the not-found handler (JSON 404 for the API and for unknown files).
 */
export const staticPlugin = fp(
  async (app) => {
    const root = app.config.webDist ? resolve(app.config.webDist) : '';
    const hasWeb = root !== '' && existsSync(resolve(root, 'index.html'));
    if (!hasWeb) {
      if (root) app.log.warn({ webDist: root }, 'web app not built; serving the API only');
      app.setNotFoundHandler(sendNotFound);
      return;
    }
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      index: ['index.html'],
      // The web build writes .br/.gz next to each hashed asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (!isSpaNavigation(request)) {
        sendNotFound(request, reply);
        return;
      }
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    });
  },
  { name: 'atende-static' },
);
