#!/usr/bin/env node
// Makes sure Debian's Chromium exists for the browser tests: installs it with apt when we are root.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium não encontrado em ${CHROMIUM}. Instale-o (sudo apt-get install -y chromium) ` +
      'ou aponte CHROMIUM_PATH para um Chromium existente, e rode os testes de novo.',
  );
  process.exit(1);
}

console.info('Chromium não encontrado: instalando com apt-get (uma vez)...');
try {
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch (error) {
  console.error(`Falha ao instalar o Chromium: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get terminou, mas ${CHROMIUM} continua ausente.`);
  process.exit(1);
}
