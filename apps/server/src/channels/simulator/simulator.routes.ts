import {
  ackEnvelopeSchema,
  simulatorInboundRequestSchema,
  simulatorInboundResponseSchema,
  simulatorInboxQuerySchema,
  simulatorOutboxQuerySchema,
  simulatorOutboxResponseSchema,
  simulatorPairRequestSchema,
  simulatorReactionRequestSchema,
  whatsappStatusResponseSchema,
} from '@atende/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { normalizePhone } from '../../lib/phone.js';
import { plainJsonResponse } from '../../lib/plain-json-serializer.js';
import { ChannelUnavailableError } from '../channel.js';
import type { RunningInboxes } from '../channel-kind.js';
import { PairingError, type SimulatorChannel } from './simulator-channel.js';

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

/** The simulator inbox asked for, or the first one running. */
function pick(running: RunningInboxes<SimulatorChannel>, inboxId: string | undefined): SimulatorChannel {
  const found = inboxId ? running.get(inboxId) : running.list()[0];
  if (!found) throw new AppError('NOT_FOUND', 'Nenhuma caixa de entrada do simulador ativa');
  return found.channel;
}

/**
 * The simulator's controls — how a person or a test plays the linked phone and the customers:
 * pair / unpair a simulated number, write and react as a customer, read what customers received.
 * Each call takes the simulator inbox (`inboxId`); the first one when absent.
 */
export const simulatorRoutes =
  (running: RunningInboxes<SimulatorChannel>): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const auth = { onRequest: app.authenticate };
    // Playing the customers (writing and reacting as any of them, reading what each received) crosses
    // every operator's visibility: an administrator's tool, like unlinking the number.
    const customerSide = { onRequest: app.allow('simulator:play') };
    const statusSchema = { response: { 200: whatsappStatusResponseSchema } };

    app.post(
      '/api/simulator/pair',
      { ...auth, schema: { ...statusSchema, body: simulatorPairRequestSchema } },
      async (request) => {
        // The code shown on one inbox's QR pairs that inbox.
        const { code } = request.body;
        const target =
          running.list().find(({ channel }) => channel.accepts(code))?.channel ?? pick(running, undefined);
        return {
          success: true as const,
          data: await translate(() => target.pair(code)),
          message: 'WhatsApp conectado',
        };
      },
    );

    // Unlinking the number stops the channel for everyone: admins only (docs/security.md).
    app.post(
      '/api/simulator/unpair',
      {
        onRequest: app.allow('simulator:play'),
        schema: { ...statusSchema, querystring: simulatorInboxQuerySchema },
      },
      async (request) => ({
        success: true as const,
        data: await pick(running, request.query.inboxId).unpair(),
        message: 'Dispositivo desconectado',
      }),
    );

    app.post(
      '/api/simulator/inbound',
      {
        ...customerSide,
        ...plainJsonResponse,
        schema: { body: simulatorInboundRequestSchema, response: { 200: simulatorInboundResponseSchema } },
      },
      async (request) => {
        const { inboxId, ...inbound } = request.body;
        const result = await translate(() => pick(running, inboxId).receive(inbound));
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
      {
        ...customerSide,
        schema: { body: simulatorReactionRequestSchema, response: { 200: ackEnvelopeSchema } },
      },
      async (request) => {
        await translate(() =>
          pick(running, request.body.inboxId).receiveReaction({
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
        ...customerSide,
        schema: { querystring: simulatorOutboxQuerySchema, response: { 200: simulatorOutboxResponseSchema } },
      },
      async (request) => {
        const phone = request.query.phone ? normalizePhone(request.query.phone) : undefined;
        const simulator = pick(running, request.query.inboxId);
        return { success: true as const, data: await simulator.outbox(phone, request.query.limit) };
      },
    );
  };
