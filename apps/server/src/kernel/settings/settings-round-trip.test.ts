import { beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { SETTINGS_KEYS } from './settings.definitions.js';
import { getSettings } from './settings.service.js';

describeEachDatabase('settings round trip', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
  });

  it.each(SETTINGS_KEYS)(
    '/api/%s: its own GET body posted back is accepted and changes nothing',
    async (key) => {
      const url = `/api/${key}`;
      const before = await ctx.app.inject({ url, headers: bearer(admin) });
      expect(before.statusCode).toBe(200);
      const posted = await ctx.app.inject({
        method: 'POST',
        url,
        headers: bearer(admin),
        payload: before.json().data,
      });
      expect(posted.statusCode, posted.body).toBe(200);
      expect(posted.json().data).toEqual(before.json().data);
    },
  );

  it('a secret survives its masked view posted back; a string still sets it and null clears it', async () => {
    const secret = 'sk-round-trip-abcdefgh5678';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin),
      payload: { aiApiKey: secret },
    });
    const view = (await ctx.app.inject({ url: '/api/admin-config', headers: bearer(admin) })).json().data;
    expect(view.aiApiKey).toEqual({ isSet: true, masked: '••••5678' });
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin),
      payload: { ...view, companyName: 'Loja Round Trip' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.body).not.toContain(secret);
    const stored = await getSettings(ctx.app.db, 'admin-config');
    expect(stored).toMatchObject({ companyName: 'Loja Round Trip', aiApiKey: secret });
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin),
      payload: { ...view, aiApiKey: 'sk-round-trip-new-9999' },
    });
    expect(replaced.json().data.aiApiKey).toEqual({ isSet: true, masked: '••••9999' });
    const cleared = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin),
      payload: { ...view, aiApiKey: null },
    });
    expect(cleared.json().data.aiApiKey).toEqual({ isSet: false, masked: null });
    expect((await getSettings(ctx.app.db, 'admin-config')).aiApiKey).toBeNull();
  });
});
