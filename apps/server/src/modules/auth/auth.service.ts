import type { User } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now, toIso } from '../../lib/clock.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { getSettings } from '../settings/settings.service.js';
import { sessionsRepository } from './sessions.repository.js';
import { findUserByEmail, toUser } from './users.service.js';

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export interface LoginResult {
  user: User;
  token: string;
  expiresAt: string;
  sessionId: string;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Checks credentials and opens a session. Unknown e-mail, disabled account and wrong password all
 * throw the same INVALID_CREDENTIALS after the same argon2 work.
 */
export async function login(
  db: Kysely<Database>,
  input: LoginInput,
  client: { ip: string | null; userAgent: string | null },
): Promise<LoginResult> {
  const user = await findUserByEmail(db, input.email);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid || user.disabled === 1) throw new AppError('INVALID_CREDENTIALS');

  const security = await getSettings(db, 'security-config');
  const at = now();
  const lifetime = input.remember ? security.rememberDays * 24 * HOUR_MS : security.sessionHours * HOUR_MS;
  const expiresAt = at + lifetime;
  const session = await sessionsRepository(db).create(
    { userId: user.id, remember: input.remember, expiresAt, ip: client.ip, userAgent: client.userAgent },
    at,
  );
  return { user: toUser(user), token: session.token, expiresAt: toIso(expiresAt), sessionId: session.id };
}
