import {
  conversationParamsSchema,
  type MessageTemplate,
  messageTemplatesResponseSchema,
  sendMessageResponseSchema,
  sendTemplateRequestSchema,
  serviceWindowResponseSchema,
} from '@atende/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ChannelSink, newProviderMessageId } from '../../channels/channel.js';
import { CloudApiChannel } from '../../channels/cloud-api/cloud-api-channel.js';
import {
  type CloudApiSettings,
  resolveCloudApiSettings,
} from '../../channels/cloud-api/cloud-api-settings.js';
import { GraphError } from '../../channels/cloud-api/graph-error.js';
import { countParameters, renderTemplate, templateSends } from '../../channels/cloud-api/template-sends.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { createSafeFetch } from '../../lib/safe-fetch.js';
import type { Messaging } from '../messaging/messaging.js';
import { serviceWindowAt } from '../messaging/service-window.js';
import { getSettings } from '../settings/settings.service.js';
import { whatsappWebhookRoutes } from './whatsapp-webhook.routes.js';

export interface CloudApi {
  channel: CloudApiChannel;
  settings: () => Promise<CloudApiSettings>;
}

/** The Cloud API channel over the app's settings, media store and messaging reads. */
export function createCloudApi(app: FastifyInstance, sink: ChannelSink, messaging: Messaging): CloudApi {
  const settings = async () =>
    resolveCloudApiSettings(app.config.whatsappCloud, await getSettings(app.db, 'whatsapp-cloud'));
  const channel = new CloudApiChannel({
    settings,
    sink,
    media: { save: (input) => app.media.save(input) },
    templates: templateSends(app.db),
    log: app.log,
    fetch: createSafeFetch({ allowPrivate: app.config.whatsappCloud.allowPrivate }),
    windowOpen: async (phone) =>
      serviceWindowAt(await messaging.serviceWindow.lastClientMessageAtByPhone(phone), now()).open,
  });
  return { channel, settings };
}

const TEMPLATES_TTL_MS = 5 * 60_000;

/** The approved templates in our shape, cached for a few minutes (Graph is slow and rate-limited). */
function templateCatalog(channel: CloudApiChannel) {
  let cached: { at: number; list: MessageTemplate[] } | null = null;
  return async (): Promise<MessageTemplate[]> => {
    if (cached && now() - cached.at < TEMPLATES_TTL_MS) return cached.list;
    const approved = await channel.templates().catch((error: unknown) => {
      const detail = error instanceof GraphError ? `: ${error.message}` : '';
      throw new AppError('CHANNEL_UNAVAILABLE', `Não foi possível carregar os modelos de mensagem${detail}`);
    });
    const list = approved.map((t) => {
      const body = t.components?.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '';
      return {
        name: t.name,
        language: t.language,
        category: t.category,
        body,
        parameterCount: countParameters(body),
      };
    });
    cached = { at: now(), list };
    return list;
  };
}

/**
 * The webhook routes (outside /api), and under /api: the customer's 24-hour window for a
 * conversation, the approved templates, and sending one. Without CHANNEL=cloud-api the window
 * does not apply and the rest answers 404.
 */
export function cloudApiModule(cloud: CloudApi | null): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const messaging = app.domain.messaging;
    await app.register(whatsappWebhookRoutes(cloud?.channel ?? null, cloud?.settings ?? null));
    const auth = { onRequest: app.authenticate };
    const catalog = cloud ? templateCatalog(cloud.channel) : null;
    const requireCloud = () => {
      if (!cloud || !catalog) throw new AppError('NOT_FOUND', 'Canal Cloud API não está ativo');
      return { cloud, catalog };
    };

    app.get(
      '/api/conversations/:id/window',
      {
        ...auth,
        schema: { params: conversationParamsSchema, response: { 200: serviceWindowResponseSchema } },
      },
      async (request) => {
        const { id } = request.params;
        if (!(await messaging.conversationExists(id)))
          throw new AppError('NOT_FOUND', 'Conversa não encontrada');
        const window = serviceWindowAt(await messaging.serviceWindow.lastClientMessageAt(id), now());
        return {
          success: true as const,
          data: cloud ? window : { ...window, applies: false, open: true, closesAt: null },
        };
      },
    );

    app.get(
      '/api/whatsapp/templates',
      { ...auth, schema: { response: { 200: messageTemplatesResponseSchema } } },
      async () => ({
        success: true as const,
        data: await requireCloud().catalog(),
      }),
    );

    app.post(
      '/api/conversations/:id/template',
      {
        ...auth,
        schema: {
          params: conversationParamsSchema,
          body: sendTemplateRequestSchema,
          response: { 200: sendMessageResponseSchema },
        },
      },
      async (request) => {
        const { cloud: active, catalog: list } = requireCloud();
        const { name, language, parameters } = request.body;
        const template = (await list()).find((t) => t.name === name && t.language === language);
        if (!template)
          throw new AppError('VALIDATION_ERROR', 'Modelo de mensagem não encontrado ou não aprovado');
        if (parameters.length !== template.parameterCount) {
          throw new AppError('VALIDATION_ERROR', `Este modelo pede ${template.parameterCount} parâmetro(s)`);
        }
        if (!request.user) throw new AppError('UNAUTHORIZED', 'Não autenticado');
        // Recorded first, under the id the message will be stored with: the send job finds it.
        const providerMessageId = newProviderMessageId('TPL');
        await active.channel.recordTemplate(providerMessageId, { name, language, parameters });
        const message = await messaging.appendOutbound(request.params.id, request.user, {
          message: renderTemplate(template.body, parameters) || name,
          type: 'text',
          providerMessageId,
        });
        return { success: true as const, data: message, message: 'Modelo enviado' };
      },
    );
  };
}
