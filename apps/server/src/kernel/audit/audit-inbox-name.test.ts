import { auditResponseSchema } from '@atende/contracts';
import { expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api } from '../../../test/simulator-kit.js';

describeEachDatabase('audit entries about an inbox', (kind) => {
  const ctx = useTestApp(kind);

  it('name the inbox, also once it is removed', async () => {
    const admin = api(ctx.app, (await createAndLogin(ctx.app, 'admin')).token);
    const name = `Vendas Atacado ${Date.now() % 100_000}`;
    const created = await admin.post('/api/inboxes', { kind: 'simulator', name });
    expect(created.status).toBe(200);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/inboxes/${created.body.data.id}`,
      headers: { authorization: `Bearer ${(await createAndLogin(ctx.app, 'admin')).token}` },
    });
    expect(removed.statusCode).toBe(200);
    for (const action of ['inbox.create', 'inbox.remove']) {
      const page = auditResponseSchema.parse((await admin.get(`/api/audit?action=${action}`)).body);
      const entry = page.data.entries.find((e) => e.targetId === created.body.data.id);
      expect(entry, action).toMatchObject({ targetType: 'inbox', targetName: name });
    }
  });
});
