import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type WebhookDeliverPayload, webhookDeliverJob } from '../../jobs/job-kinds.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { now, toIso } from '../../lib/clock.js';
import { BlockedDestinationError, ConnectionFailedError, type SafeFetch } from '../../lib/safe-fetch.js';
import { DISABLE_AFTER_FAILING_MS, retryDelay } from './retry-schedule.js';
import type {
  AttemptOutcome,
  DeliveryRow,
  WebhookDeliveriesRepository,
} from './webhook-deliveries.repository.js';
import type { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { signWebhook } from './webhook-signature.js';

/** Longest wait for an endpoint's answer. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Atende-Webhooks/1.0';
export const AUTO_DISABLED_REASON =
  'Desativado automaticamente: todas as entregas falharam por mais de 24 horas';

interface Answer {
  responseStatus: number | null;
  error: string | null;
  /** A refusal (private address): retrying cannot help. */
  final: boolean;
}

function describeFailure(error: unknown): Answer {
  if (error instanceof BlockedDestinationError)
    return { responseStatus: null, error: error.message, final: true };
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { responseStatus: null, error: `Sem resposta em ${ATTEMPT_TIMEOUT_MS / 1000} s`, final: false };
  }
  const message = error instanceof Error ? error.message : String(error);
  const reason =
    error instanceof ConnectionFailedError
      ? message.replace(/^falha de conexão( com [^:]+)?: /, '')
      : message;
  return { responseStatus: null, error: `Falha de conexão: ${reason}`.slice(0, 300), final: false };
}

/**
 * The body to post: as stored, or, for a delivery an LGPD erasure blanked (`{"erased":true}`), the
 * documented envelope again — the event's type, the timestamp it was first recorded with (the
 * delivery's creation), and `data: {"erased": true}` in place of what named the customer.
 */
export function deliveryBody(row: Pick<DeliveryRow, 'payload' | 'event_type' | 'created_at'>): string {
  try {
    const stored: unknown = JSON.parse(row.payload);
    if (stored && typeof stored === 'object' && typeof (stored as { type?: unknown }).type === 'string')
      return row.payload;
  } catch {
    // Not JSON: treated as blanked, like the erasure's marker.
  }
  return JSON.stringify({ type: row.event_type, timestamp: toIso(row.created_at), data: { erased: true } });
}

/** The `webhook_deliver` job: signs and posts the stored body, records the outcome, plans what follows. */
export function createWebhookDeliverer(deps: {
  db: Kysely<Database>;
  jobs: JobRunner;
  fetch: SafeFetch;
  endpoints: WebhookEndpointsRepository;
  deliveries: WebhookDeliveriesRepository;
}) {
  async function post(url: string, secret: string, id: string, body: string): Promise<Answer> {
    const timestamp = Math.floor(now() / 1000);
    try {
      const response = await deps.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secret, id, timestamp, body),
        },
        body,
        // A redirect is an answer like any other 3xx: the signed post is not replayed elsewhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await response.body?.cancel();
      const ok = response.status >= 200 && response.status < 300;
      return {
        responseStatus: response.status,
        error: ok ? null : `O endpoint respondeu HTTP ${response.status}`,
        final: false,
      };
    } catch (error) {
      return describeFailure(error);
    }
  }

  return async function deliver(payload: WebhookDeliverPayload): Promise<void> {
    const delivery = await deps.deliveries.get(payload.deliveryId);
    if (delivery?.status !== 'pending' || delivery.attempts !== payload.attempt - 1) return;
    const endpoint = await deps.endpoints.get(delivery.endpoint_id);
    if (!endpoint) return;
    const started = performance.now();
    const answer: Answer =
      endpoint.enabled === 1
        ? await post(endpoint.url, endpoint.secret, delivery.id, deliveryBody(delivery))
        : { responseStatus: null, error: 'Endpoint desativado', final: true };
    const at = now();
    const delivered = answer.error === null;
    const wait = delivered || answer.final || payload.manual ? null : retryDelay(payload.attempt);
    const outcome: AttemptOutcome = {
      attempt: payload.attempt,
      at,
      status: delivered ? 'delivered' : wait === null ? 'failed' : 'pending',
      responseStatus: answer.responseStatus,
      error: answer.error,
      durationMs: Math.round(performance.now() - started),
      nextAttemptAt: wait === null ? null : at + wait,
    };
    let retry = false;
    await deps.db.transaction().execute(async (trx) => {
      if (!(await deps.deliveries.recordAttempt(trx, delivery.id, outcome))) return;
      if (endpoint.enabled !== 1) return;
      if (delivered) {
        await deps.endpoints.markHealthy(trx, endpoint.id);
        return;
      }
      if (outcome.nextAttemptAt !== null) {
        const next: WebhookDeliverPayload = { deliveryId: delivery.id, attempt: payload.attempt + 1 };
        retry = await deps.jobs.enqueue(trx, webhookDeliverJob, next, {
          dedupeKey: `${webhookDeliverJob.name}:${delivery.id}:${next.attempt}`,
          runAt: outcome.nextAttemptAt,
        });
      }
      const failingSince = await deps.endpoints.markFailing(trx, endpoint.id, at);
      if (at - failingSince >= DISABLE_AFTER_FAILING_MS) {
        if (await deps.endpoints.disable(trx, endpoint.id, AUTO_DISABLED_REASON)) {
          await recordAudit(trx, {
            action: 'webhook.disable',
            actor: null,
            targetType: 'webhook',
            targetId: endpoint.id,
            detail: { url: endpoint.url, failingSinceMs: failingSince },
          });
        }
      }
    });
    if (retry) deps.jobs.wake();
  };
}
