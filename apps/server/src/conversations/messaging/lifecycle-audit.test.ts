import { type AuditEntry, auditResponseSchema } from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';

/**
 * What the team's day leaves in the audit log, read as an admin reads it (`GET /api/audit`): an admin
 * resolving and reopening a colleague's conversation, archiving and unarchiving, reassigning, deleting,
 * and setting a colleague's availability — each one entry, by that admin, about the right subject (the
 * conversation and its customer, or the colleague). The same steps done by the person who holds the
 * conversation, or on one's own availability, are the day's work and leave none.
 */
describeEachDatabase('the audit log of the team’s day', (kind) => {
  const ctx = useTestApp(kind);
  let admin = { token: '', id: '', name: '' };
  let ana = { token: '', id: '', name: '' };
  let bruno = { token: '', id: '', name: '' };
  let phone = 5511950000000;

  beforeAll(async () => {
    const a = await createAndLogin(ctx.app, 'admin');
    admin = { token: a.token, id: a.user.id, name: a.user.name };
    const o1 = await createAndLogin(ctx.app, 'operator');
    ana = { token: o1.token, id: o1.user.id, name: o1.user.name };
    const o2 = await createAndLogin(ctx.app, 'operator');
    bruno = { token: o2.token, id: o2.user.id, name: o2.user.name };
    await pairSimulator(ctx.app, admin.token);
    // No agent answering: who holds each conversation is what the steps below make it.
    await ctx.app.domain.jobs.stop();
  });

  const as = (token: string) => api(ctx.app, token);
  const remove = async (id: string, token: string) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  /** A new customer writes; Ana takes the conversation. */
  const anasConversation = async (name: string) => {
    const sent = await as(admin.token).post('/api/simulator/inbound', {
      phone: String(++phone),
      name,
      text: 'Preciso de ajuda com meu pedido',
    });
    expect(sent.status).toBe(200);
    const id = sent.body.data.conversationId as string;
    expect((await as(ana.token).post(`/api/conversations/${id}/takeover`)).status).toBe(200);
    return id;
  };
  const ok = async (response: Promise<{ status: number; body: unknown }>) => {
    const answered = await response;
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  };
  /** The log's entries about `targetId`, newest first, as the admin's screen asks for them. */
  const entries = async (targetId: string): Promise<AuditEntry[]> => {
    const response = await as(admin.token).get(`/api/audit?targetId=${targetId}&limit=200`);
    expect(response.status).toBe(200);
    return auditResponseSchema.parse(response.body).data.entries;
  };
  const byAdmin = { actorId: '', actorName: '' };
  beforeAll(() => {
    byAdmin.actorId = admin.id;
    byAdmin.actorName = admin.name;
  });

  it('an admin resolving and reopening a colleague’s conversation: two entries, the customer named', async () => {
    const id = await anasConversation('Renata Prado');
    await ok(as(admin.token).post(`/api/conversations/${id}/resolve`));
    await ok(as(admin.token).post(`/api/conversations/${id}/reopen`));
    const log = await entries(id);
    expect(log.map((e) => e.action).sort()).toEqual([
      'conversation.reopen',
      'conversation.resolve',
      'conversation.takeover',
    ]);
    for (const action of ['conversation.resolve', 'conversation.reopen']) {
      expect(
        log.find((e) => e.action === action),
        action,
      ).toMatchObject({
        ...byAdmin,
        targetType: 'conversation',
        targetId: id,
        targetName: 'Renata Prado',
      });
    }
    // Whose conversation it was when the admin resolved it.
    expect(log.find((e) => e.action === 'conversation.resolve')?.detail).toMatchObject({
      from: 'active',
      holder: ana.name,
    });
  });

  it('the holder resolving and reopening her own conversation leaves no entry', async () => {
    const id = await anasConversation('Otávio Reis');
    await ok(as(ana.token).post(`/api/conversations/${id}/resolve`));
    await ok(as(ana.token).post(`/api/conversations/${id}/reopen`));
    expect((await entries(id)).map((e) => e.action)).toEqual(['conversation.takeover']);
  });

  it('archive, unarchive and a reassignment: each an entry by the admin, the new holder named', async () => {
    const id = await anasConversation('Lívia Campos');
    await ok(as(admin.token).post(`/api/conversations/${id}/archive`));
    await ok(as(admin.token).post(`/api/conversations/${id}/unarchive`));
    await ok(as(admin.token).post(`/api/conversations/${id}/assign`, { userId: bruno.id }));
    const log = await entries(id);
    for (const action of ['conversation.archive', 'conversation.unarchive', 'conversation.assign']) {
      expect(
        log.filter((e) => e.action === action),
        action,
      ).toEqual([
        expect.objectContaining({
          ...byAdmin,
          targetType: 'conversation',
          targetId: id,
          targetName: 'Lívia Campos',
        }),
      ]);
    }
    expect(log.find((e) => e.action === 'conversation.assign')?.detail).toMatchObject({
      assignee: bruno.name,
      from: 'human',
    });
    // An operator may archive too: the log says it was her.
    await ok(as(bruno.token).post(`/api/conversations/${id}/archive`));
    expect(
      (await entries(id)).filter((e) => e.action === 'conversation.archive').map((e) => e.actorId),
    ).toEqual([bruno.id, admin.id]);
  });

  it('a deletion: refused to an operator (no entry), one entry by the admin that outlives the conversation', async () => {
    const id = await anasConversation('Caio Mendes');
    expect((await remove(id, ana.token)).status).toBe(403);
    expect((await entries(id)).map((e) => e.action)).toEqual(['conversation.takeover']);
    await ok(remove(id, admin.token));
    expect((await as(admin.token).get(`/api/conversations/${id}`)).status).toBe(404);
    const deleted = (await entries(id)).filter((e) => e.action === 'conversation.delete');
    expect(deleted).toEqual([
      expect.objectContaining({ ...byAdmin, targetType: 'conversation', targetId: id }),
    ]);
    expect(deleted[0]?.detail).toMatchObject({ messages: 1 });
  });

  it('an admin setting a colleague’s availability: an entry about the colleague; one’s own, none', async () => {
    await ok(as(admin.token).post('/api/profile/availability', { availability: 'busy', userId: ana.id }));
    await ok(as(bruno.token).post('/api/profile/availability', { availability: 'away' }));
    await ok(as(admin.token).post('/api/profile/availability', { availability: 'away' }));
    expect(await entries(ana.id)).toEqual([
      expect.objectContaining({
        ...byAdmin,
        action: 'user.availability',
        targetType: 'user',
        targetId: ana.id,
        targetName: ana.name,
        detail: { availability: 'busy' },
      }),
    ]);
    expect((await entries(bruno.id)).filter((e) => e.action === 'user.availability')).toEqual([]);
    expect((await entries(admin.id)).filter((e) => e.action === 'user.availability')).toEqual([]);
  });
});
