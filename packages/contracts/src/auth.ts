import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';

export const userRoleSchema = z.enum(['admin', 'operator']);
export type UserRole = z.infer<typeof userRoleSchema>;

/** The signed-in user, as the layout shows it (name, email, avatar). */
export const userSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  avatar: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('E-mail inválido')),
  password: z.string().min(1, 'Senha obrigatória').max(256),
  remember: z.boolean().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const sessionSchema = z.object({
  expiresAt: isoDateSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const loginDataSchema = z.object({ user: userSchema, token: z.string(), expiresAt: isoDateSchema });
export const loginResponseSchema = okEnvelope(loginDataSchema);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = okEnvelope(userSchema);

/** Public facts the login screen needs before anyone signs in. */
export const publicInfoSchema = z.object({
  demo: z.boolean(),
  demoCredentials: z.object({ email: z.string(), password: z.string() }).nullable(),
  version: z.string(),
  /** The company's support e-mail (Configurações › Administração), for "Fale conosco"; null if unset. */
  supportEmail: z.string().nullable().optional(),
});
export type PublicInfo = z.infer<typeof publicInfoSchema>;
export const publicInfoResponseSchema = okEnvelope(publicInfoSchema);
