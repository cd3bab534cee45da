import {
  ackEnvelopeSchema,
  simulatorInboundRequestSchema,
  simulatorInboundResponseSchema,
  simulatorOutboxQuerySchema,
  simulatorOutboxResponseSchema,
  simulatorPairRequestSchema,
  simulatorReactionRequestSchema,
  whatsappStatusResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChannelUnavailableError } from '../../channels/channel.js';
import { PairingError, type SimulatorChannel } from '../../channels/simulator/simulator-channel.js';
import { AppError } from '../../lib/app-error.js';
import { normalizePhone } from '../../lib/phone.js';
import { plainJsonResponse } from '../../lib/plain-json-serializer.js';

/** Channel and pairing failures as the client should see them. */
async function translate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ChannelUnavailableError) throw new AppError('CONFLICT', 'WhatsApp desconectado');
    if (error instanceof PairingError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
}

/**
 * The simulator's controls — how a person or a test plays the linked phone and the customers:
 * pair / unpair the account, write and react as a customer, read what customers received.
 */
export const simulatorRoutes =
  (simulator: SimulatorChannel): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const auth = { onRequest: app.authenticate };
    const statusSchema = { response: { 200: whatsappStatusResponseSchema } };

    app.post(
      '/api/simulator/pair',
      { ...auth, schema: { ...statusSchema, body: simulatorPairRequestSchema } },
      async (request) => ({
        success: true as const,
        data: await translate(() => simulator.pair(request.body.code)),
        message: 'WhatsApp conectado',
      }),
    );

    // Unlinking the number stops the channel for everyone: admins only (docs/security.md).
    app.post('/api/simulator/unpair', { onRequest: app.requireAdmin, schema: statusSchema }, async () => ({
      success: true as const,
      data: await simulator.unpair(),
      message: 'Dispositivo desconectado',
    }));

    app.post(
      '/api/simulator/inbound',
      {
        ...auth,
        ...plainJsonResponse,
        schema: { body: simulatorInboundRequestSchema, response: { 200: simulatorInboundResponseSchema } },
      },
      async (request) => {
        const result = await translate(() => simulator.receive(request.body));
        const { messageId, conversationId, clientId, duplicate } = result;
        return {
          success: true as const,
          // Exactly the contract's fields: the plain serializer does not strip extras.
          data: { messageId, conversationId, clientId, duplicate },
          message: result.duplicate ? 'Mensagem já recebida' : 'Mensagem recebida',
        };
      },
    );

    app.post(
      '/api/simulator/reaction',
      { ...auth, schema: { body: simulatorReactionRequestSchema, response: { 200: ackEnvelopeSchema } } },
      async (request) => {
        await translate(() =>
          simulator.receiveReaction({
            phone: request.body.phone,
            targetProviderMessageId: request.body.messageId,
            emoji: request.body.emoji,
          }),
        );
        return {
          success: true as const,
          message: request.body.emoji ? 'Reação recebida' : 'Reação removida',
        };
      },
    );

    app.get(
      '/api/simulator/outbox',
      {
        ...auth,
        schema: { querystring: simulatorOutboxQuerySchema, response: { 200: simulatorOutboxResponseSchema } },
      },
      async (request) => {
        const phone = request.query.phone ? normalizePhone(request.query.phone) : undefined;
        return { success: true as const, data: await simulator.outbox(phone, request.query.limit) };
      },
    );
  };
