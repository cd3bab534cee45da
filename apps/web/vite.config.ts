import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

function routerProductionBuild(): string {
  const entry = createRequire(import.meta.url).resolve('react-router');
  return entry.replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');
}

/**
 * React Router's production build marks its components (`forwardRef`, `memo`, contexts) with `displayName`
 * writes and unannotated React calls, so the bundler must keep every one of them (Form, NavLink, fetcher
 * and RSC helpers…) even when the app never uses them. Dropping the devtools-only names and marking those
 * calls pure lets unused parts be tree-shaken, which keeps /login's entry chunk small.
 */
function treeShakeableRouter(): Plugin {
  return {
    name: 'atende-tree-shakeable-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/.test(id)) return null;
      return {
        code: code
          .replace(/^[\w$]+\.displayName = "[\w.]+";$/gm, '')
          .replace(/(?<![\w$.])(React\d*\.(?:forwardRef|memo|createContext)\()/g, '/* @__PURE__ */ $1'),
        map: null,
      };
    },
  };
}

/**
 * Writes .br and .gz next to every hashed text asset (dist/assets only: the HTML shell and sw.js stay
 * uncompressed so their no-cache headers never change); the server sends them to browsers that accept them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atende-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(join(outDir, 'assets'))) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * The emoji picker's data (Emojibase, pt-BR names and search words) served by us under a versioned
 * path, never fetched from a CDN: the app works offline and the CSP allows only our own origin.
 */
function emojibaseData(): Plugin {
  const require = createRequire(import.meta.url);
  const root = join(require.resolve('emojibase-data/package.json'), '..');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const files = ['pt/data.json', 'pt/messages.json'];
  const prefix = `/assets/emojibase/${version}/`;
  return {
    name: 'atende-emojibase-data',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = request.url?.startsWith(prefix) ? request.url.slice(prefix.length) : null;
        if (!file || !files.includes(file)) return next();
        response.setHeader('content-type', 'application/json');
        response.end(readFileSync(join(root, file)));
      });
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `${prefix.slice(1)}${file}`,
          source: readFileSync(join(root, file)),
        });
      }
    },
  };
}

const apiTarget = process.env.ATENDE_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), treeShakeableRouter(), emojibaseData(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The contracts' source (their package exports point at the compiled dist, for the server).
      {
        find: /^@atende\/contracts$/,
        replacement: fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)),
      },
      // React Router's package exports only its development build to bundlers; use the production one.
      ...(process.env.NODE_ENV === 'production' || process.argv.includes('build')
        ? [{ find: /^react-router$/, replacement: routerProductionBuild() }]
        : []),
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      treeshake: {
        // The app's own modules do nothing on import that matters when none of their exports is used (the
        // only bare import is the stylesheet): a barrel re-export (components/ui/index.ts) then no longer
        // drags every primitive's chunk — the Radix dialog among them — into each route that uses one.
        moduleSideEffects: (id) => !/[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
