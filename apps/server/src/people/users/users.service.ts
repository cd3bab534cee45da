import type { User, UserRole } from '@atende/contracts';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database, UsersTable } from '../../db/schema.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { sessionsRepository } from '../auth/sessions.repository.js';

export interface CreateUserInput {
  email: string;
  name: string;
  role: UserRole;
  password: string;
  avatar?: string | null;
}

/** Called with the ids of sessions just revoked (to disconnect their sockets). */
export type OnSessionsRevoked = (sessionIds: string[]) => Promise<void> | void;

export const MIN_PASSWORD_LENGTH = 8;

/** New passwords follow `security-config.passwordMinLength` (never below 8). */
async function assertPasswordAllowed(db: Kysely<Database>, password: string): Promise<void> {
  const { passwordMinLength } = await getSettings(db, 'security-config');
  const minimum = Math.max(MIN_PASSWORD_LENGTH, passwordMinLength);
  if (password.length < minimum) {
    throw new AppError('VALIDATION_ERROR', `A senha deve ter pelo menos ${minimum} caracteres`);
  }
}

/** New accounts follow `access-control.allowedEmailDomains` (empty: any domain). */
async function assertEmailDomainAllowed(db: Kysely<Database>, email: string): Promise<void> {
  const { allowedEmailDomains } = await getSettings(db, 'access-control');
  if (allowedEmailDomains.length === 0) return;
  const domain = email.split('@').pop() ?? '';
  if (!allowedEmailDomains.some((allowed) => allowed.toLowerCase() === domain)) {
    throw new AppError('VALIDATION_ERROR', 'Domínio de e-mail não permitido');
  }
}

export function toUser(row: Pick<UsersTable, 'id' | 'name' | 'email' | 'role' | 'avatar'>): User {
  return { id: row.id, name: row.name, email: row.email, role: row.role, avatar: row.avatar };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** Creates a user with an argon2id password hash. E-mails are unique (case-insensitive). */
export async function createUser(db: Kysely<Database>, input: CreateUserInput): Promise<User> {
  await assertPasswordAllowed(db, input.password);
  const email = normalizeEmail(input.email);
  await assertEmailDomainAllowed(db, email);
  if (await findUserByEmail(db, email))
    throw new AppError('CONFLICT', 'Já existe um usuário com este e-mail');
  const at = now();
  const row = {
    id: newId(),
    email,
    name: input.name.trim(),
    role: input.role,
    password_hash: await hashPassword(input.password),
    avatar: input.avatar ?? null,
    disabled: 0,
    created_at: at,
    updated_at: at,
  };
  await db.insertInto('users').values(row).execute();
  return toUser(row);
}

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when that account does not exist yet. */
export async function ensureAdmin(db: Kysely<Database>, config: AppConfig): Promise<User | null> {
  if (!config.adminEmail || !config.adminPassword) return null;
  const existing = await findUserByEmail(db, config.adminEmail);
  if (existing) return toUser(existing);
  const name = config.adminEmail.split('@')[0] || 'Administrador';
  return createUser(db, { email: config.adminEmail, name, role: 'admin', password: config.adminPassword });
}

/** Sets a new password and ends every other session of the user. */
export async function changePassword(
  db: Kysely<Database>,
  userId: string,
  password: string,
  options: { keepSessionId?: string; onRevoked?: OnSessionsRevoked } = {},
): Promise<void> {
  await assertPasswordAllowed(db, password);
  const at = now();
  const result = await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), updated_at: at })
    .where('id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'Usuário não encontrado');
  const revoked = await sessionsRepository(db).revokeAllForUser(userId, at, options.keepSessionId);
  await options.onRevoked?.(revoked);
}

/**
 * A user's own name and avatar URL (the profile screen, an uploaded picture). Pass the caller's
 * transaction when the change goes with others (the avatar's bytes).
 */
export async function updateProfile(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  patch: { name?: string; avatar?: string | null },
  at = now(),
): Promise<void> {
  const set: Updateable<Database['users']> = { updated_at: at };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.avatar !== undefined) set.avatar = patch.avatar;
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
}

/** What a person chose in the user menu; false when there is no such active account. */
export async function setUserAvailability(
  db: Kysely<Database>,
  userId: string,
  availability: 'online' | 'away' | 'busy',
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ availability, updated_at: now() })
    .where('id', '=', userId)
    .where('disabled', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Automatic assignment gave the person a conversation now (round-robin picks the longest idle). */
export async function markAssigned(db: Kysely<Database>, userId: string, at = now()): Promise<void> {
  await db.updateTable('users').set({ last_assigned_at: at }).where('id', '=', userId).execute();
}
