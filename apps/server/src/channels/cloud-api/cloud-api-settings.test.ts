import { whatsappCloudConfigResponseSchema } from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { getSettings } from '../../modules/settings/settings.service.js';

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
    const token = 'EAAG-token-de-acesso-secreto-7788';
    const saved = await post({
      phoneNumberId: '106540352242922',
      accessToken: token,
      appSecret: 'segredo-do-app-123456',
      verifyToken: 'verificar-9999',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(token);
    expect(saved.body).not.toContain('segredo-do-app');
    const view = whatsappCloudConfigResponseSchema.parse(saved.json()).data;
    expect(view.accessToken).toEqual({ isSet: true, masked: '••••7788' });

    const read = await ctx.app.inject({ url: '/api/whatsapp-cloud', headers: bearer(admin) });
    expect(read.body).not.toContain(token);
    const again = await post({ ...read.json().data, graphVersion: 'v22.0' });
    expect(again.statusCode).toBe(200);
    const stored = await getSettings(ctx.app.db, 'whatsapp-cloud');
    expect(stored).toMatchObject({
      accessToken: token,
      appSecret: 'segredo-do-app-123456',
      verifyToken: 'verificar-9999',
      graphVersion: 'v22.0',
      phoneNumberId: '106540352242922',
    });

    const cleared = await post({ accessToken: null });
    expect(cleared.json().data.accessToken).toEqual({ isSet: false, masked: null });
    expect(cleared.json().data.appSecret.isSet).toBe(true);
  });

  it('bad values → 400 naming the field; operators → 403', async () => {
    const bad = await post({ phoneNumberId: '12a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('phoneNumberId');
    expect((await post({ graphVersion: '23' })).statusCode).toBe(400);
    expect((await post({ maxPerSecond: 0 })).statusCode).toBe(400);
    expect((await post({ extra: 1 })).statusCode).toBe(400);
    expect((await post({ graphVersion: 'v23.0' }, operator)).statusCode).toBe(403);
  });
});
