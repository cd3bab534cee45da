import { errorMessages } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { lastActorOf } from '../../kernel/audit/audit.repository.js';

const MAX_NAMED = 3;

/**
 * What a disabled user who typed the right password reads: the account is disabled, and whom to ask
 * — the admin who disabled it while still an active admin, else the active admins.
 */
export async function disabledAccountMessage(db: Kysely<Database>, userId: string): Promise<string> {
  const admins = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .orderBy('name')
    .execute();
  const disabler = await lastActorOf(db, 'user.disable', userId);
  const current = disabler && admins.find((admin) => admin.id === disabler.id);
  const names = current ? [current.name] : admins.slice(0, MAX_NAMED).map((admin) => admin.name);
  if (names.length === 0) return errorMessages.ACCOUNT_DISABLED;
  const listed = new Intl.ListFormat('pt-BR', { type: 'disjunction' }).format(names);
  return names.length === 1
    ? `Sua conta está desativada. Peça a ${listed} para reativá-la.`
    : `Sua conta está desativada. Peça a um administrador (${listed}) para reativá-la.`;
}
