import type { User } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import { AppError } from '../../lib/app-error.js';
import { now, toIso } from '../../lib/clock.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { findUserByEmail, toUser } from '../users/users.service.js';
import { disabledAccountMessage } from './disabled-account.js';
import { sessionsRepository } from './sessions.repository.js';

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
 * Checks credentials and opens a session. Unknown e-mail and wrong password throw the same
 * INVALID_CREDENTIALS after the same argon2 work, a disabled account's included; only the right
 * password of a disabled account learns that it is disabled (ACCOUNT_DISABLED, with whom to ask).
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
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
  if (user.disabled === 1) throw new AppError('ACCOUNT_DISABLED', await disabledAccountMessage(db, user.id));

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
