import {
  conversationParamsSchema,
  type MessageTemplate,
  messageTemplatesResponseSchema,
  renderTemplate,
  sendMessageResponseSchema,
  sendTemplateRequestSchema,
  serviceWindowResponseSchema,
  templatesQuerySchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Channel, newProviderMessageId } from '../../channels/channel.js';
import { serviceWindowAt } from '../../conversations/messaging/service-window.js';
import { guardConversation } from '../../conversations/visibility/route-access.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import type { InboxManager } from '../inbox-manager.js';

const TEMPLATES_TTL_MS = 5 * 60_000;
const NO_TEMPLATES = 'Esta caixa de entrada não usa modelos de mensagem';

type WithTemplates = Channel & { templates: NonNullable<Channel['templates']> };
const hasTemplates = (channel: Channel | undefined): channel is WithTemplates => Boolean(channel?.templates);

/** Each inbox's approved templates, cached for a few minutes (Graph is slow and rate-limited). */
function templateCatalog() {
  const cached = new Map<string, { at: number; list: MessageTemplate[] }>();
  return async (inboxId: string, channel: WithTemplates): Promise<MessageTemplate[]> => {
    const hit = cached.get(inboxId);
    if (hit && now() - hit.at < TEMPLATES_TTL_MS) return hit.list;
    const list = await channel.templates.list().catch((error: unknown) => {
      const detail = error instanceof Error ? `: ${error.message}` : '';
      throw new AppError('CHANNEL_UNAVAILABLE', `Não foi possível carregar os modelos de mensagem${detail}`);
    });
    cached.set(inboxId, { at: now(), list });
    return list;
  };
}

/**
 * The customer's 24-hour window in a conversation (it applies where the inbox's channel has one,
 * the Cloud API), the inbox's approved templates, and sending one. Every conversation route passes
 * the visibility guard (`app.domain.visibility`).
 */
export function templatesRoutes(inboxes: InboxManager): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { messaging } = app.domain;
    const catalog = templateCatalog();
    const auth = { onRequest: app.authenticate };

    /** The conversation's inbox and channel (the route's guard already checked the user may see it). */
    async function conversationChannel(conversationId: string) {
      const inboxId = await messaging.inboxOf(conversationId);
      if (inboxId === undefined) throw new AppError('NOT_FOUND', 'Conversa não encontrada');
      return { inboxId, channel: inboxes.channelOf(inboxId) };
    }

    app.get(
      '/api/conversations/:id/window',
      {
        ...auth,
        ...guardConversation(),
        schema: { params: conversationParamsSchema, response: { 200: serviceWindowResponseSchema } },
      },
      async (request) => {
        const { id } = request.params;
        const { channel } = await conversationChannel(id);
        const window = serviceWindowAt(await messaging.serviceWindow.lastClientMessageAt(id), now());
        return {
          success: true as const,
          data: channel?.serviceWindow ? window : { ...window, applies: false, open: true, closesAt: null },
        };
      },
    );

    app.get(
      '/api/whatsapp/templates',
      {
        ...auth,
        schema: { querystring: templatesQuerySchema, response: { 200: messageTemplatesResponseSchema } },
      },
      async (request) => {
        const { inboxId } = request.query;
        const found = inboxId
          ? { id: inboxId, channel: inboxes.channelOf(inboxId) }
          : inboxes.withCapability(hasTemplates);
        if (!found || !hasTemplates(found.channel)) throw new AppError('NOT_FOUND', NO_TEMPLATES);
        return { success: true as const, data: await catalog(found.id, found.channel) };
      },
    );

    app.post(
      '/api/conversations/:id/template',
      {
        ...auth,
        ...guardConversation(),
        schema: {
          params: conversationParamsSchema,
          body: sendTemplateRequestSchema,
          response: { 200: sendMessageResponseSchema },
        },
      },
      async (request) => {
        if (!request.user) throw new AppError('UNAUTHORIZED', 'Não autenticado');
        const { inboxId, channel } = await conversationChannel(request.params.id);
        if (!hasTemplates(channel)) throw new AppError('NOT_FOUND', NO_TEMPLATES);
        const { name, language, parameters } = request.body;
        const template = (await catalog(inboxId, channel)).find(
          (t) => t.name === name && t.language === language,
        );
        if (!template)
          throw new AppError('VALIDATION_ERROR', 'Modelo de mensagem não encontrado ou não aprovado');
        if (parameters.length !== template.parameterCount) {
          throw new AppError('VALIDATION_ERROR', `Este modelo pede ${template.parameterCount} parâmetro(s)`);
        }
        // Recorded first, under the id the message will be stored with: the send job finds it.
        const providerMessageId = newProviderMessageId('TPL');
        await channel.templates.record(providerMessageId, { name, language, parameters });
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
