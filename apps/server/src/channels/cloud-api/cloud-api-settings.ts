import { type WhatsappCloudConfig, whatsappCloudConfigSchema } from '@atende/contracts';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';

/** One Cloud API number's own settings (an inbox): each number has its id and its token. */
export const cloudNumberSettingsSchema = z.object({
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, 'Use apenas os dígitos do ID do número'),
  businessAccountId: z
    .string()
    .trim()
    .regex(/^(\d{5,30})?$/, 'Use apenas os dígitos do ID da conta')
    .default(''),
  accessToken: z.string().trim().min(1, 'Informe o token de acesso').max(1000),
  maxPerSecond: z.coerce.number().int().min(1, 'Mínimo 1').max(1000, 'Máximo 1000').default(80),
});
export type CloudNumberSettings = z.infer<typeof cloudNumberSettingsSchema>;

/** What the Cloud API channel runs with: the number's settings plus the app's (one for all numbers). */
export interface CloudApiSettings {
  phoneNumberId: string | null;
  businessAccountId: string | null;
  accessToken: string | null;
  appSecret: string | null;
  verifyToken: string | null;
  graphUrl: string;
  graphVersion: string;
  maxPerSecond: number;
  /** The Graph URL may be private/loopback (a local fake in tests); off by default (SSRF). */
  allowPrivate: boolean;
}

/** The app's settings, shared by every number: stored (Configurações › WhatsApp Cloud API) over env. */
export function resolveCloudAppSettings(env: AppConfig['whatsappCloud'], stored: WhatsappCloudConfig) {
  return {
    appSecret: stored.appSecret ?? env.appSecret ?? null,
    verifyToken: stored.verifyToken ?? env.verifyToken ?? null,
    graphUrl: (stored.graphUrl || env.graphUrl).replace(/\/+$/, ''),
    graphVersion: stored.graphVersion || env.graphVersion,
    allowPrivate: env.allowPrivate,
  };
}

export function resolveCloudApiSettings(
  env: AppConfig['whatsappCloud'],
  stored: WhatsappCloudConfig,
  number: Partial<CloudNumberSettings>,
): CloudApiSettings {
  return {
    ...resolveCloudAppSettings(env, stored),
    phoneNumberId: number.phoneNumberId || null,
    businessAccountId: number.businessAccountId || null,
    accessToken: number.accessToken || null,
    maxPerSecond: number.maxPerSecond ?? env.maxPerSecond,
  };
}

/**
 * The first number's settings on an empty database (`CHANNEL=cloud-api`): what the admin saved in
 * Configurações before numbers were inboxes, else the `WHATSAPP_*` variables.
 */
export function firstNumberSettings(
  env: AppConfig['whatsappCloud'],
  raw: unknown,
): Partial<CloudNumberSettings> {
  const saved = legacyNumberSchema.safeParse(raw);
  const stored = saved.success ? saved.data : {};
  return {
    phoneNumberId: stored.phoneNumberId || env.phoneNumberId || '',
    businessAccountId: stored.businessAccountId || env.businessAccountId || '',
    accessToken: stored.accessToken || env.accessToken || '',
    maxPerSecond: stored.maxPerSecond ?? env.maxPerSecond,
  };
}

/** The number's fields as Configurações saved them before numbers were inboxes (read once, leniently). */
const legacyNumberSchema = z.object({
  phoneNumberId: z.string().optional().catch(undefined),
  businessAccountId: z.string().optional().catch(undefined),
  accessToken: z.string().nullable().optional().catch(undefined),
  maxPerSecond: z.number().int().min(1).max(1000).nullable().optional().catch(undefined),
});

/** The app's stored settings; a field that no longer reads well falls back to its default. */
export const parseStoredCloudSettings = (raw: unknown): WhatsappCloudConfig => {
  const parsed = whatsappCloudConfigSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : whatsappCloudConfigSchema.parse({});
};
