#!/usr/bin/env node
// Makes sure Debian's nginx exists for `npm run cluster` and `npm run bench:cluster`: installs it with
// apt when we are root. Prints the binary's path.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The nginx binary, installed with apt-get first if missing (root only); exits the process when it cannot. */
export function ensureNginx() {
  if (existsSync(NGINX)) return NGINX;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `nginx não encontrado em ${NGINX}. Instale-o (sudo apt-get install -y nginx) ` +
        'ou aponte NGINX_PATH para um nginx existente, e rode de novo.',
    );
    process.exit(1);
  }
  console.info('nginx não encontrado: instalando com apt-get (uma vez)...');
  try {
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (error) {
    console.error(`Falha ao instalar o nginx: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  if (!existsSync(NGINX)) {
    console.error(`apt-get terminou, mas ${NGINX} continua ausente.`);
    process.exit(1);
  }
  // Debian's package starts a system nginx on port 80; ours runs with its own configuration.
  try {
    execFileSync('service', ['nginx', 'stop'], { stdio: 'ignore' });
  } catch {
    // No service manager (containers): nothing was started.
  }
  return NGINX;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.info(ensureNginx());
