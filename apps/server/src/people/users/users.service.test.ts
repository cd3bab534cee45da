import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { updateSettings } from '../../kernel/settings/settings.service.js';
import { createUser, ensureAdmin } from './users.service.js';

describeEachDatabase('users service', (kind) => {
  const ctx = useTestApp(kind);

  it('ensureAdmin creates the configured admin once', async () => {
    const config = { ...ctx.app.config, adminEmail: 'Chefe@Loja.com', adminPassword: 'senha-forte-1' };
    const first = await ensureAdmin(ctx.app.db, config);
    const second = await ensureAdmin(ctx.app.db, config);
    expect(first).toMatchObject({ email: 'chefe@loja.com', role: 'admin' });
    expect(second?.id).toBe(first?.id);
    expect(await ensureAdmin(ctx.app.db, { ...config, adminEmail: undefined })).toBeNull();
  });

  it('refuses duplicate e-mails, short passwords and domains outside the allowed list', async () => {
    const base = { name: 'Ana', role: 'operator' as const, password: 'senha-boa-123' };
    await createUser(ctx.app.db, { ...base, email: 'ana@loja.com' });
    await expect(createUser(ctx.app.db, { ...base, email: 'ANA@loja.com' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      createUser(ctx.app.db, { ...base, email: 'b@loja.com', password: 'curta' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await updateSettings(ctx.app.db, 'security-config', { passwordMinLength: 14 }, null);
    await expect(createUser(ctx.app.db, { ...base, email: 'c@loja.com' })).rejects.toThrow(/14 caracteres/);
    await updateSettings(ctx.app.db, 'security-config', { passwordMinLength: 8 }, null);
    await updateSettings(ctx.app.db, 'access-control', { allowedEmailDomains: ['loja.com'] }, null);
    await expect(createUser(ctx.app.db, { ...base, email: 'd@outra.com' })).rejects.toThrow(/Domínio/);
    await expect(createUser(ctx.app.db, { ...base, email: 'd@loja.com' })).resolves.toMatchObject({
      email: 'd@loja.com',
    });
  });
});
