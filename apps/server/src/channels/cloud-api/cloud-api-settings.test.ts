import { whatsappCloudConfigResponseSchema } from '@atende/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import { firstNumberSettings } from './cloud-api-settings.js';

describeEachDatabase('whatsapp-cloud settings', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let operator = '';
  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    operator = (await createAndLogin(ctx.app, 'operator')).token;
  });
  const post = (payload: Record<string, unknown>, token = admin) =>
    ctx.app.inject({ method: 'POST', url: '/api/whatsapp-cloud', headers: bearer(token), payload });

  it('secrets are write-only and masked; a GET body posted back unchanged keeps them', async () => {
    const token = 'segredo-do-app-123456';
    const saved = await post({ appSecret: token, verifyToken: 'verificar-9999' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(token);
    expect(saved.body).not.toContain('verificar-9999');
    const view = whatsappCloudConfigResponseSchema.parse(saved.json()).data;
    expect(view.appSecret).toEqual({ isSet: true, masked: '••••3456' });

    const read = await ctx.app.inject({ url: '/api/whatsapp-cloud', headers: bearer(admin) });
    expect(read.body).not.toContain(token);
    const again = await post({ ...read.json().data, graphVersion: 'v22.0' });
    expect(again.statusCode).toBe(200);
    const stored = await getSettings(ctx.app.db, 'whatsapp-cloud');
    expect(stored).toMatchObject({
      appSecret: 'segredo-do-app-123456',
      verifyToken: 'verificar-9999',
      graphVersion: 'v22.0',
    });

    const cleared = await post({ verifyToken: null });
    expect(cleared.json().data.verifyToken).toEqual({ isSet: false, masked: null });
    expect(cleared.json().data.appSecret.isSet).toBe(true);
  });

  it('bad values → 400 naming the field; operators → 403', async () => {
    const bad = await post({ graphVersion: '23' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('graphVersion');
    // A number's fields live on its inbox now: here they are unknown.
    expect((await post({ phoneNumberId: '106540352242922' })).statusCode).toBe(400);
    expect((await post({ extra: 1 })).statusCode).toBe(400);
    expect((await post({ graphVersion: 'v23.0' }, operator)).statusCode).toBe(403);
  });
});

describe('the first Cloud API inbox of an installation', () => {
  const env = loadConfig({ CHANNEL: 'cloud-api', WHATSAPP_ACCESS_TOKEN: 'EAAG-env' }).whatsappCloud;

  it('takes the number an older installation saved in Configurações, else the environment', () => {
    const saved = {
      phoneNumberId: '106540352242922',
      accessToken: 'EAAG-salvo',
      maxPerSecond: 20,
      appSecret: 'x',
    };
    expect(firstNumberSettings(env, saved)).toEqual({
      phoneNumberId: '106540352242922',
      businessAccountId: '',
      accessToken: 'EAAG-salvo',
      maxPerSecond: 20,
    });
    expect(firstNumberSettings(env, {})).toMatchObject({
      phoneNumberId: '',
      accessToken: 'EAAG-env',
      maxPerSecond: 80,
    });
    // Unreadable saved values fall back instead of failing the start.
    expect(firstNumberSettings(env, { phoneNumberId: 42, accessToken: ['x'] })).toMatchObject({
      accessToken: 'EAAG-env',
    });
  });
});
