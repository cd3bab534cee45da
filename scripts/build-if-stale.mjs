// Shared by `npm start` and `npm run cluster`: when a build output is missing or older than its
// sources and the build tools are installed, builds it (`npm run build:server` / `build:web`); after
// `npm ci --omit=dev` there are no build tools, so the build must have been made before.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const at = (path) => join(root, path);

/** Newest modification time under a path (skipping node_modules, build output and browser tests). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const contractsSources = ['packages/contracts/src', 'packages/contracts/package.json', 'tsconfig.base.json'];

/** Each build output, the sources it is made from, and the npm script that makes it. */
const outputs = [
  {
    name: 'servidor',
    output: 'apps/server/dist/server.js',
    sources: [...contractsSources, 'apps/server/src', 'apps/server/tsconfig.build.json'],
    script: 'build:server',
    tool: 'typescript',
  },
  {
    name: 'aplicativo web',
    output: 'apps/web/dist/index.html',
    sources: [
      ...contractsSources,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
    ],
    script: 'build:web',
    tool: 'vite',
  },
];

function isStale({ output, sources }) {
  if (!existsSync(at(output))) return true;
  const newest = Math.max(...sources.map((source) => newestMtime(at(source))));
  return newest > statSync(at(output)).mtimeMs;
}

function installed(tool) {
  try {
    createRequire(at('package.json')).resolve(`${tool}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** Builds what is stale; exits the process when the server cannot be built. */
export function buildIfStale() {
  for (const target of outputs) {
    if (!isStale(target)) continue;
    const built = existsSync(at(target.output));
    if (!installed(target.tool)) {
      if (built) {
        console.warn(`Aviso: o build do ${target.name} parece desatualizado; rode \`npm run build\`.`);
        continue;
      }
      if (target.script === 'build:web') {
        console.warn('Aplicativo web não encontrado; servindo somente a API.');
        continue;
      }
      console.error('Build do servidor não encontrado: rode `npm run build` antes de `npm ci --omit=dev`.');
      process.exit(1);
    }
    console.info(`Compilando o ${target.name}…`);
    const build = spawnSync(npm, ['run', target.script], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error(`Falha ao compilar o ${target.name}.`);
      process.exit(build.status ?? 1);
    }
  }
}
