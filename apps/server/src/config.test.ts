import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { configureZodLocale } from './plugins/validation-message.js';

describe('loadConfig', () => {
  it('applies documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: './data/atende.db',
      demo: true,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('turns simulated traffic off in tests unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).simulatedTraffic).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).simulatedTraffic).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).simulatedTraffic).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', SIMULATED_TRAFFIC: 'true' }).simulatedTraffic).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['CHANNEL', 'Canal Errado!'],
    ['DEMO', 'talvez'],
    ['ADMIN_EMAIL', 'não-é-email'],
    ['ADMIN_PASSWORD', 'curta'],
    ['LOG_LEVEL', 'verbose'],
    ['REDIS_URL', 'http://localhost'],
    ['PUBLIC_URL', 'atende'],
  ])('a bad %s stops with a message naming it', (name, value) => {
    configureZodLocale();
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`${name}:`);
    expect((error as Error).message).toMatch(/^Configuração inválida/);
  });
});
