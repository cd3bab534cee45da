import { z } from 'zod';
import { userRoleSchema } from './auth.js';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';

/**
 * Team management (admin) and the signed-in user's own profile. New passwords are checked again on
 * the server against `security-config.passwordMinLength`.
 */
const nameSchema = z.string().trim().min(1, 'Informe o nome').max(120, 'Nome muito longo');
const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('E-mail inválido'));
export const newPasswordSchema = z
  .string()
  .min(8, 'A senha deve ter pelo menos 8 caracteres')
  .max(256, 'Senha muito longa');

/** A team member as the admin's list shows it. */
export const managedUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  avatar: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: isoDateSchema,
  /** Last authenticated request of any of the user's sessions; null if never signed in. */
  lastSeenAt: isoDateSchema.nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;
export const usersResponseSchema = okEnvelope(z.array(managedUserSchema));
export const userResponseSchema = okEnvelope(managedUserSchema);

export const createUserRequestSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    role: userRoleSchema,
    password: newPasswordSchema,
  })
  .strict();
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z
  .object({ name: nameSchema.optional(), role: userRoleSchema.optional(), disabled: z.boolean().optional() })
  .strict();
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const resetPasswordRequestSchema = z.object({ password: newPasswordSchema }).strict();
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const userIdParamsSchema = z.object({ id: idSchema });

/** The signed-in user's own changes. Avatar: an http(s) URL, or null to remove. */
export const updateProfileRequestSchema = z
  .object({
    name: nameSchema.optional(),
    avatar: z
      .url({ protocol: /^https?$/, message: 'Informe um endereço http(s) válido' })
      .max(500)
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1, 'Informe a senha atual').max(256),
    newPassword: newPasswordSchema,
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** Uploaded avatar: base64 of a PNG, JPEG, WebP or GIF file (type read from its bytes). */
export const AVATAR_MAX_BYTES = 256 * 1024;
export const uploadAvatarRequestSchema = z
  .object({
    data: z
      .string()
      .min(1)
      .max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 8),
  })
  .strict();

/** One of the signed-in user's live sessions. */
export const sessionInfoSchema = z.object({
  id: idSchema,
  /** Browser and system read from the user agent, e.g. "Chrome · Linux". */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: isoDateSchema,
  lastSeenAt: isoDateSchema,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionsResponseSchema = okEnvelope(z.array(sessionInfoSchema));
export const sessionIdParamsSchema = z.object({ id: idSchema });
export const revokedSessionsResponseSchema = okEnvelope(z.object({ revoked: z.number().int() }));
