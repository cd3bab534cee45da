import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { RunningInboxes } from '../channel-kind.js';
import type { CloudApiChannel } from './cloud-api-channel.js';
import type { CloudNumberSettings } from './cloud-api-settings.js';
import { isValidSignature } from './signature.js';
import { mapWebhook, webhookPayloadSchema } from './webhook-payload.js';

/** The app's webhook secrets (one Meta app for every number). */
export interface WebhookSecrets {
  appSecret: string | null;
  verifyToken: string | null;
}

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
 * deliveries). One URL for every Cloud API number: Meta sends one app's deliveries for all of them
 * there, and each change names its number (`metadata.phone_number_id`), which picks the inbox.
 * Outside /api and its bearer auth: the signature (the app's secret) is the authentication, checked
 * over the raw bytes before anything is parsed. A change for a number no inbox has is skipped (and
 * logged); a malformed change is skipped, the rest stored. The 200 goes out once every inbox's part
 * of the batch is durably stored. Without a Cloud API inbox these routes answer 404.
 */
export function whatsappWebhookRoutes(
  running: RunningInboxes<CloudApiChannel, Partial<CloudNumberSettings>>,
  secrets: () => Promise<WebhookSecrets>,
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
        if (running.list().length === 0)
          return fail(reply, 404, 'NOT_FOUND', 'Canal Cloud API não está ativo');
        const { verifyToken } = await secrets();
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
        const inboxes = running.list();
        if (inboxes.length === 0) return fail(reply, 404, 'NOT_FOUND', 'Canal Cloud API não está ativo');
        const { appSecret } = await secrets();
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
        const mapped = mapWebhook(payload.data);
        let messages = 0;
        let skipped = mapped.skipped;
        const handled = [...mapped.byNumber].map(async ([number, batch]) => {
          // Without metadata (old test payloads, a single number): the only inbox, if there is one.
          const inbox = number
            ? inboxes.find((i) => i.settings.phoneNumberId === number)
            : inboxes.length === 1
              ? inboxes[0]
              : undefined;
          if (!inbox) {
            skipped += batch.messages.length + batch.reactions.length + batch.statuses.length;
            request.log.warn({ phoneNumberId: number }, 'cloud-api webhook for a number no inbox has');
            return;
          }
          const result = await inbox.channel.handleWebhook(batch);
          messages += result.messages;
          skipped += result.skipped;
        });
        await Promise.all(handled);
        if (mapped.skipped > 0)
          request.log.warn({ skipped: mapped.skipped }, 'cloud-api webhook changes skipped');
        return reply.send({ success: true, data: { messages, skipped } });
      },
    );
  };
}
