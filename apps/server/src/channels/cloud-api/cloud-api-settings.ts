import type { WhatsappCloudConfig } from '@atende/contracts';
import type { AppConfig } from '../../config.js';

/** What the Cloud API channel runs with: the admin settings where set, the environment otherwise. */
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

export function resolveCloudApiSettings(
  env: AppConfig['whatsappCloud'],
  stored: WhatsappCloudConfig,
): CloudApiSettings {
  return {
    phoneNumberId: stored.phoneNumberId || env.phoneNumberId || null,
    businessAccountId: stored.businessAccountId || env.businessAccountId || null,
    accessToken: stored.accessToken ?? env.accessToken ?? null,
    appSecret: stored.appSecret ?? env.appSecret ?? null,
    verifyToken: stored.verifyToken ?? env.verifyToken ?? null,
    graphUrl: (stored.graphUrl || env.graphUrl).replace(/\/+$/, ''),
    graphVersion: stored.graphVersion || env.graphVersion,
    maxPerSecond: stored.maxPerSecond ?? env.maxPerSecond,
    allowPrivate: env.allowPrivate,
  };
}
