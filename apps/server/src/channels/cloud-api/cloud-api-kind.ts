import { createSafeFetch } from '../../lib/safe-fetch.js';
import type { ChannelKindDefinition, SharedContext } from '../channel-kind.js';
import { CloudApiChannel } from './cloud-api-channel.js';
import {
  type CloudNumberSettings,
  cloudNumberSettingsSchema,
  firstNumberSettings,
  parseStoredCloudSettings,
  resolveCloudApiSettings,
  resolveCloudAppSettings,
} from './cloud-api-settings.js';
import { templateSends } from './template-sends.js';
import { whatsappWebhookRoutes } from './webhook.routes.js';

/** The app's settings (Configurações › WhatsApp Cloud API), read fresh: an admin may change them live. */
async function appSettings(context: SharedContext) {
  const raw = await context.readSettings('whatsapp-cloud');
  const stored = parseStoredCloudSettings(raw);
  return { raw, stored, app: resolveCloudAppSettings(context.config.whatsappCloud, stored) };
}

/**
 * The official WhatsApp Business Cloud API: each inbox is one number (its id and token); the app's
 * secret, verify token and Graph URL are shared, and so is the one webhook URL.
 */
export const cloudApiKind: ChannelKindDefinition<Partial<CloudNumberSettings>, CloudApiChannel> = {
  kind: 'cloud-api',
  label: 'WhatsApp Cloud API',
  description:
    'A API oficial do WhatsApp Business (Meta): um número da sua conta, com o ID do número e um token de acesso.',
  pairing: 'none',
  settingsSchema: cloudNumberSettingsSchema,
  fields: [
    {
      key: 'phoneNumberId',
      label: 'ID do número',
      type: 'text',
      required: true,
      placeholder: '106540352242922',
      help: 'Em Meta for Developers › WhatsApp › Configuração da API.',
    },
    {
      key: 'businessAccountId',
      label: 'ID da conta do WhatsApp Business',
      type: 'text',
      required: false,
      placeholder: null,
      help: 'De onde vêm os modelos de mensagem.',
    },
    {
      key: 'accessToken',
      label: 'Token de acesso',
      type: 'secret',
      required: true,
      placeholder: null,
      help: 'Um token permanente de usuário do sistema.',
    },
    {
      key: 'maxPerSecond',
      label: 'Envios por segundo',
      type: 'number',
      required: false,
      placeholder: '80',
      help: '80 é o padrão da Meta; números compartilhados com o app: 20.',
    },
  ],
  secretKeys: ['accessToken'],
  // The webhook routes each change by its phone_number_id: one inbox per number.
  numberId: (settings) => settings.phoneNumberId?.trim() || null,
  installed: async () => true,
  create: (context, inbox) =>
    new CloudApiChannel({
      settings: async () => {
        const { stored } = await appSettings(context);
        return resolveCloudApiSettings(context.config.whatsappCloud, stored, inbox.settings);
      },
      sink: context.sink,
      media: context.media,
      templates: templateSends(context.db),
      log: context.app.log.child({ inbox: inbox.id }),
      fetch: createSafeFetch({ allowPrivate: context.config.whatsappCloud.allowPrivate }),
      windowOpen: (phone) => context.windowOpen(phone),
    }),
  routes: (running, shared) =>
    whatsappWebhookRoutes(running, async () => {
      const { app } = await appSettings(shared);
      return { appSecret: app.appSecret, verifyToken: app.verifyToken };
    }),
  settingsFromEnvironment: async (context) => {
    const { raw } = await appSettings(context);
    return firstNumberSettings(context.config.whatsappCloud, raw);
  },
};
