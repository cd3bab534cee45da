import {
  type AccessControl,
  type AdminConfig,
  type AdminConfigView,
  type AgentConfig,
  accessControlInputSchema,
  accessControlResponseSchema,
  accessControlSchema,
  adminConfigInputSchema,
  adminConfigResponseSchema,
  adminConfigSchema,
  agentConfigInputSchema,
  agentConfigResponseSchema,
  agentConfigSchema,
  type ConversationRules,
  conversationRulesInputSchema,
  conversationRulesResponseSchema,
  conversationRulesSchema,
  type SecurityConfig,
  SPEECH_TO_TEXT_SECRETS,
  type SpeechToText,
  type SpeechToTextView,
  securityConfigInputSchema,
  securityConfigResponseSchema,
  securityConfigSchema,
  speechToTextInputSchema,
  speechToTextResponseSchema,
  speechToTextSchema,
  WHATSAPP_CLOUD_SECRETS,
  type WhatsappCloudConfig,
  type WhatsappCloudConfigView,
  whatsappCloudConfigInputSchema,
  whatsappCloudConfigResponseSchema,
  whatsappCloudConfigSchema,
} from '@atende/contracts';
import type { z } from 'zod';
import { maskSecret } from './mask-secret.js';

/** Stored shape of each settings resource, by key (also the route path under /api). */
export interface SettingsValues {
  config: AgentConfig;
  'access-control': AccessControl;
  'conversation-rules': ConversationRules;
  'admin-config': AdminConfig;
  'security-config': SecurityConfig;
  'whatsapp-cloud': WhatsappCloudConfig;
  'speech-to-text': SpeechToText;
}
export type SettingsKey = keyof SettingsValues;

export interface SettingsViews {
  config: AgentConfig;
  'access-control': AccessControl;
  'conversation-rules': ConversationRules;
  'admin-config': AdminConfigView;
  'security-config': SecurityConfig;
  'whatsapp-cloud': WhatsappCloudConfigView;
  'speech-to-text': SpeechToTextView;
}

/** What a definition's `check` may consult: whether private addresses are let through (AI_ALLOW_PRIVATE). */
export interface SettingsCheckContext {
  allowPrivate: boolean;
  /** A pt-BR refusal when `url` points at a private or local address, or null. */
  privateDestination(url: string): Promise<string | null>;
}

export interface SettingsDefinition<K extends SettingsKey> {
  /** Full stored schema, with defaults. */
  schema: z.ZodObject;
  /** Strict partial body of POST. */
  input: z.ZodType;
  /** Success envelope of GET and POST. */
  response: z.ZodType;
  /** Checks the whole values before they are stored: a pt-BR refusal (400), or null. */
  check?(values: SettingsValues[K], context: SettingsCheckContext): Promise<string | null>;
  /** Applies a validated partial input to the stored values (before re-validation). */
  merge(current: SettingsValues[K], input: Record<string, unknown>): Record<string, unknown>;
  /** What the client sees (secrets masked). */
  view(values: SettingsValues[K]): SettingsViews[K];
  /** Stored values in an older shape, rewritten into the current one before they are parsed. */
  upgrade?(stored: Record<string, unknown>): Record<string, unknown>;
}

const plainMerge = (current: object, input: Record<string, unknown>) => {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(input)) if (value !== undefined) next[key] = value;
  return next;
};

/** Secrets: a string sets, null clears, absent keeps. */
const SECRET_KEYS = ['aiApiKey'] as const;

export const SETTINGS: { [K in SettingsKey]: SettingsDefinition<K> } = {
  config: {
    schema: agentConfigSchema,
    input: agentConfigInputSchema,
    response: agentConfigResponseSchema,
    merge: plainMerge,
    view: (v) => v,
  },
  'access-control': {
    schema: accessControlSchema,
    input: accessControlInputSchema,
    response: accessControlResponseSchema,
    merge: plainMerge,
    view: (v) => v,
  },
  'conversation-rules': {
    schema: conversationRulesSchema,
    input: conversationRulesInputSchema,
    response: conversationRulesResponseSchema,
    merge: plainMerge,
    view: (v) => v,
    // The silence before abandoning was set in whole hours before it took minutes.
    upgrade: ({ abandonAfterHours, ...rest }) =>
      typeof abandonAfterHours === 'number' && rest.abandonAfterMinutes === undefined
        ? { ...rest, abandonAfterMinutes: abandonAfterHours * 60 }
        : rest,
  },
  'admin-config': {
    schema: adminConfigSchema,
    input: adminConfigInputSchema,
    response: adminConfigResponseSchema,
    merge: (current, input) => {
      const next = plainMerge(current, input);
      // A string sets, null clears; absent or the masked view posted back keeps.
      for (const key of SECRET_KEYS) {
        const sent = input[key];
        next[key] = typeof sent === 'string' || sent === null ? sent : current[key];
      }
      return next;
    },
    view: (v) => ({ ...v, aiApiKey: maskSecret(v.aiApiKey) }),
  },
  'security-config': {
    schema: securityConfigSchema,
    input: securityConfigInputSchema,
    response: securityConfigResponseSchema,
    merge: plainMerge,
    view: (v) => v,
  },
  'whatsapp-cloud': {
    schema: whatsappCloudConfigSchema,
    input: whatsappCloudConfigInputSchema,
    response: whatsappCloudConfigResponseSchema,
    merge: (current, input) => {
      const next = plainMerge(current, input);
      // A string sets, null clears; absent or the masked view posted back keeps.
      for (const key of WHATSAPP_CLOUD_SECRETS) {
        const sent = input[key];
        next[key] = typeof sent === 'string' || sent === null ? sent : current[key];
      }
      return next;
    },
    view: (v) => ({
      ...v,
      appSecret: maskSecret(v.appSecret),
      verifyToken: maskSecret(v.verifyToken),
    }),
  },
  'speech-to-text': {
    schema: speechToTextSchema,
    input: speechToTextInputSchema,
    response: speechToTextResponseSchema,
    merge: (current, input) => {
      const next = plainMerge(current, input);
      // A string sets, null clears; absent or the masked view posted back keeps.
      for (const key of SPEECH_TO_TEXT_SECRETS) {
        const sent = input[key];
        next[key] = typeof sent === 'string' || sent === null ? sent : current[key];
      }
      return next;
    },
    view: (v) => ({ ...v, apiKey: maskSecret(v.apiKey) }),
    // Voice notes leave for this address: a public one (as every outbound URL), unless AI_ALLOW_PRIVATE.
    async check(values, context) {
      if (values.enabled && !values.baseUrl) {
        return 'Informe a URL do serviço de transcrição para ligar a transcrição de áudios';
      }
      if (!values.baseUrl || context.allowPrivate) return null;
      return context.privateDestination(values.baseUrl);
    },
  },
};

export const SETTINGS_KEYS = Object.keys(SETTINGS) as SettingsKey[];
