import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { CloudApiChannel } from '../../channels/cloud-api/cloud-api-channel.js';
import type { CloudApiSettings } from '../../channels/cloud-api/cloud-api-settings.js';
import { isValidSignature } from '../../channels/cloud-api/signature.js';
import { webhookPayloadSchema } from '../../channels/cloud-api/webhook-payload.js';

/** Meta retries a batch for days; a rejected one costs us nothing. Bigger bodies are not webhooks. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

function fail(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ success: false, code, message });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * `GET /webhooks/whatsapp` (Meta's verification handshake) and `POST /webhooks/whatsapp` (signed
 * deliveries). Outside /api and its bearer auth: the signature is the authentication. The body is
 * kept as raw bytes (this plugin's own content-type parser) because the HMAC covers exactly them;
 * it is parsed only after the signature matched. The 200 goes out once the batch is durably stored.
 * Without CHANNEL=cloud-api these routes answer 404.
 */
export function whatsappWebhookRoutes(
  channel: CloudApiChannel | null,
  settings: (() => Promise<CloudApiSettings>) | null,
): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.get<{ Querystring: Record<string, string | undefined> }>(
      '/webhooks/whatsapp',
      { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (request, reply) => {
        if (!channel || !settings) return fail(reply, 404, 'NOT_FOUND', 'Canal Cloud API não está ativo');
        const { verifyToken } = await settings();
        const query = request.query;
        const challenge = query['hub.challenge'] ?? '';
        const matches =
          query['hub.mode'] === 'subscribe' &&
          Boolean(verifyToken) &&
          sameText(query['hub.verify_token'] ?? '', verifyToken ?? '') &&
          /^[\w.-]{1,200}$/.test(challenge);
        if (!matches) return fail(reply, 403, 'FORBIDDEN', 'Token de verificação inválido');
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );

    app.post(
      '/webhooks/whatsapp',
      // Meta sends from a few addresses, in bursts: generous per address, still a ceiling.
      { config: { rateLimit: { max: 3000, timeWindow: '1 minute' } } },
      async (request, reply) => {
        if (!channel || !settings) return fail(reply, 404, 'NOT_FOUND', 'Canal Cloud API não está ativo');
        const { appSecret } = await settings();
        if (!appSecret)
          return fail(reply, 503, 'SERVICE_UNAVAILABLE', 'Segredo do app da Cloud API não configurado');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['x-hub-signature-256'];
        if (!isValidSignature(appSecret, raw, typeof header === 'string' ? header : undefined)) {
          request.log.warn('whatsapp webhook with a missing or invalid signature');
          return fail(reply, 401, 'UNAUTHORIZED', 'Assinatura do webhook inválida');
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          return fail(reply, 400, 'INVALID_JSON', 'Corpo da requisição não é um JSON válido');
        }
        const payload = webhookPayloadSchema.safeParse(json);
        if (!payload.success) return fail(reply, 400, 'VALIDATION_ERROR', 'Webhook em formato desconhecido');
        const result = await channel.handleWebhook(payload.data);
        return reply.send({ success: true, data: result });
      },
    );
  };
}
