import type { MessageTemplate } from '@atende/contracts';
import pRetry from 'p-retry';
import type { SafeFetch } from '../../lib/safe-fetch.js';
import {
  type Channel,
  type ChannelSink,
  type ChannelStatus,
  ChannelUnavailableError,
  type SendMediaInput,
  type SendRatingInput,
  type SendReactionInput,
  SendRejectedError,
  type SendResult,
  type SendTemplateInput,
  type SendTextInput,
  type StatusTransition,
} from '../channel.js';
import type { CloudApiSettings } from './cloud-api-settings.js';
import { DOCUMENT_REFUSED_CODE, documentRefusedExplanation, graphDocumentType } from './document-types.js';
import { createGraphClient, type GraphClient } from './graph-client.js';
import { explainGraphError, GraphError, WINDOW_CLOSED_CODE } from './graph-error.js';
import { Pacer } from './pacer.js';
import { countParameters, type TemplateSends, type TemplateSpec } from './template-sends.js';
import type { MappedBatch, MappedMessage } from './webhook-payload.js';

/** Where downloaded media goes (the shared media store); answers the URL the dashboard reads. */
export interface MediaSaver {
  save(input: {
    bytes: Uint8Array;
    declaredMimeType?: string | undefined;
    fileName?: string | undefined;
  }): Promise<{ url: string; mimeType: string; fileName?: string | null; size?: number }>;
}

export interface CloudApiChannelOptions {
  settings: () => Promise<CloudApiSettings>;
  sink: ChannelSink;
  media: MediaSaver;
  templates: TemplateSends;
  /** Whether the customer's 24-hour window is open (their last message); unknown → Graph decides. */
  windowOpen?: (phone: string) => Promise<boolean>;
  log: { warn(object: object, message: string): void };
  /** The SSRF-safe fetch (lib/safe-fetch), allowing private targets only when configured to. */
  fetch: SafeFetch;
  /** In-process retries of a throttled or failing send (then the job retries later): 3, from 250 ms, ×4. */
  sendRetries?: { retries: number; minTimeoutMs: number; factor: number };
  /** How often the token + number check runs again while the server is up. */
  recheckMs?: number;
}

const DISCONNECTED: ChannelStatus = {
  connected: false,
  qr: null,
  state: 'disconnected',
  channel: 'cloud-api',
  phone: null,
  pairingCode: null,
  reason: null,
};

export const NOT_CONFIGURED =
  'Cloud API não configurada: informe o ID do número e o token de acesso em Configurações › WhatsApp Cloud API.';
export const TOKEN_INVALID =
  'Token de acesso do WhatsApp expirado ou inválido (erro 190). Cadastre um novo token.';

/**
 * The official WhatsApp Business Cloud API: inbound arrives as signed webhooks (`handleWebhook`, after
 * the route checked the signature), outbound goes through the Graph API. "Connected" means the token
 * and the number check passed; there is no QR.
 */
export class CloudApiChannel implements Channel {
  readonly kind = 'cloud-api' as const;
  readonly serviceWindow = true;
  private current: ChannelStatus = { ...DISCONNECTED };
  private readonly graph: GraphClient;
  private readonly pacer: Pacer;
  private maxPerSecond = 80;
  private recheckTimer: NodeJS.Timeout | null = null;
  private stopped = true;
  private checking: Promise<void> | null = null;

  constructor(private readonly options: CloudApiChannelOptions) {
    this.graph = createGraphClient(async () => {
      const settings = await options.settings();
      this.maxPerSecond = settings.maxPerSecond;
      return settings;
    }, options.fetch);
    this.pacer = new Pacer(() => this.maxPerSecond);
  }

  status(): ChannelStatus {
    return { ...this.current };
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.check();
    const every = this.options.recheckMs ?? 5 * 60_000;
    this.recheckTimer = setInterval(() => {
      if (!this.current.connected) void this.check();
    }, every);
    this.recheckTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.recheckTimer = null;
    if (this.current.state !== 'disconnected')
      this.transition({ kind: 'disconnected', reason: 'stopped' }, null);
  }

  async reconnect(): Promise<void> {
    await this.check();
  }

  /** The token + number check: connected with the number shown, or disconnected with the reason. */
  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async runCheck(): Promise<void> {
    if (this.stopped) return;
    const settings = await this.options.settings();
    if (!settings.phoneNumberId || !settings.accessToken) {
      this.transition({ kind: 'disconnected', reason: NOT_CONFIGURED }, NOT_CONFIGURED);
      return;
    }
    if (this.current.state !== 'connected') {
      this.current = { ...this.current, state: 'connecting', reason: null };
      this.options.sink.onStatus({ kind: 'connecting' }, this.status());
    }
    try {
      const number = await this.graph.phoneNumber();
      this.current = {
        ...this.current,
        state: 'connected',
        connected: true,
        phone: number.displayPhoneNumber,
        reason: null,
      };
      this.options.sink.onStatus({ kind: 'ready', phone: number.displayPhoneNumber }, this.status());
    } catch (error) {
      this.disconnectFor(error);
    }
  }

  /** Marks the channel disconnected for a Graph failure that makes every call fail. */
  private disconnectFor(error: unknown): void {
    const reason =
      error instanceof GraphError && error.tokenInvalid
        ? TOKEN_INVALID
        : `Falha ao verificar o número na Graph API: ${error instanceof Error ? error.message : String(error)}`;
    this.transition({ kind: 'disconnected', reason }, reason);
  }

  private transition(transition: StatusTransition, reason: string | null): void {
    this.current = { ...DISCONNECTED, reason };
    this.options.sink.onStatus(transition, this.status());
  }

  /** Free text, or the template recorded for this message; free text only inside the 24-hour window. */
  async sendText(input: SendTextInput): Promise<SendResult> {
    const template = await this.options.templates.find(input.providerMessageId);
    if (template) return this.sendTemplate({ to: input.to, ...template });
    await this.requireWindow(input.to);
    const context = input.quotedProviderMessageId
      ? { context: { message_id: input.quotedProviderMessageId } }
      : {};
    const options = input.options ?? [];
    const wamid = await this.send(
      options.length > 0
        ? { to: input.to, type: 'interactive', interactive: interactiveList(input.text, options), ...context }
        : { to: input.to, type: 'text', text: { body: input.text, preview_url: false }, ...context },
    );
    return { providerMessageId: wamid };
  }

  /**
   * A file of ours: uploaded to Graph (`/{number}/media`), then sent by its id as the kind of message
   * it is, with its caption (not on audio, which has none) and a document's name. Same 24-hour rule.
   */
  async sendMedia(input: SendMediaInput): Promise<SendResult> {
    if (!this.current.connected) throw new ChannelUnavailableError();
    await this.requireWindow(input.to);
    const mimeType =
      input.kind === 'document' ? graphDocumentType(input.mimeType, input.fileName) : input.mimeType;
    // Refused for good before any upload: retrying cannot make Graph take a zip.
    if (!mimeType) {
      throw new SendRejectedError({
        code: DOCUMENT_REFUSED_CODE,
        explanation: documentRefusedExplanation(input.fileName),
      });
    }
    const id = await this.graph.uploadMedia({
      bytes: input.bytes,
      mimeType,
      fileName: input.fileName ?? 'arquivo',
    });
    const media = {
      id,
      ...(input.caption && input.kind !== 'audio' ? { caption: input.caption } : {}),
      ...(input.kind === 'document' && input.fileName ? { filename: input.fileName } : {}),
      // A voice note (Ogg/Opus): shown with the microphone and downloaded on its own.
      ...(input.kind === 'audio' && input.voice ? { voice: true } : {}),
    };
    const context = input.quotedProviderMessageId
      ? { context: { message_id: input.quotedProviderMessageId } }
      : {};
    const wamid = await this.send({ to: input.to, type: input.kind, [input.kind]: media, ...context });
    return { providerMessageId: wamid };
  }

  /**
   * A rating question as an interactive list (five choices do not fit WhatsApp's three reply buttons):
   * the customer opens "Avaliar" and taps a row, which comes back as `list_reply` with its id. Free-form,
   * so only inside the 24-hour window.
   */
  async sendRating(input: SendRatingInput): Promise<SendResult> {
    await this.requireWindow(input.to);
    const wamid = await this.send({
      to: input.to,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: input.text.slice(0, 1024) },
        action: {
          button: 'Avaliar',
          sections: [
            {
              title: 'Sua nota',
              rows: input.choices.slice(0, 10).map((c) => ({ id: c.id, title: c.title.slice(0, 24) })),
            },
          ],
        },
      },
    });
    return { providerMessageId: wamid };
  }

  /** Refuses for good a free-form message outside the customer's 24-hour window. */
  private async requireWindow(to: string): Promise<void> {
    if (this.options.windowOpen && !(await this.options.windowOpen(to))) {
      throw new SendRejectedError({
        code: String(WINDOW_CLOSED_CODE),
        explanation: explainGraphError(WINDOW_CLOSED_CODE),
      });
    }
  }

  async sendReaction(input: SendReactionInput): Promise<void> {
    await this.send({
      to: input.to,
      type: 'reaction',
      reaction: { message_id: input.targetProviderMessageId, emoji: input.emoji ?? '' },
    });
  }

  async sendTemplate(input: SendTemplateInput): Promise<SendResult> {
    const parameters = input.parameters.map((text) => ({ type: 'text', text }));
    const wamid = await this.send({
      to: input.to,
      type: 'template',
      template: {
        name: input.name,
        language: { code: input.language },
        ...(parameters.length > 0 ? { components: [{ type: 'body', parameters }] } : {}),
      },
    });
    return { providerMessageId: wamid };
  }

  readonly templates = {
    list: () => this.listTemplates(),
    /** Makes the message stored under this provider id go out as the template (see sendText). */
    record: (providerMessageId: string, spec: TemplateSpec) =>
      this.options.templates.record(providerMessageId, spec),
  };

  /** The approved templates in our shape, for the picker (the caller caches them). */
  private async listTemplates(): Promise<MessageTemplate[]> {
    const all = await this.graph.templates();
    return all
      .filter((t) => t.status === 'APPROVED')
      .map((t) => {
        const body = t.components?.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '';
        return {
          name: t.name,
          language: t.language,
          category: t.category,
          body,
          parameterCount: countParameters(body),
        };
      });
  }

  /**
   * One paced send. Throttling (130429) and Meta's 5xx are retried here with backoff, then left to the
   * job's own retries; an expired token disconnects the channel; anything else Graph refuses is final.
   */
  private async send(message: Record<string, unknown>): Promise<string> {
    if (!this.current.connected) throw new ChannelUnavailableError();
    const { retries, minTimeoutMs, factor } = this.options.sendRetries ?? {
      retries: 3,
      minTimeoutMs: 250,
      factor: 4,
    };
    try {
      return await pRetry(
        async () => {
          await this.pacer.take();
          return this.graph.sendMessage(message);
        },
        {
          retries,
          minTimeout: minTimeoutMs,
          factor,
          shouldRetry: ({ error }) => error instanceof GraphError && error.retryable && !error.tokenInvalid,
        },
      );
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      if (error.tokenInvalid) {
        this.disconnectFor(error);
        throw new ChannelUnavailableError(TOKEN_INVALID);
      }
      if (error.retryable) throw error;
      throw new SendRejectedError({
        code: String(error.code ?? error.httpStatus),
        explanation: explainGraphError(error.code, error.message),
      });
    }
  }

  /**
   * A verified webhook: every message (with its media downloaded and stored), then reactions and
   * statuses, handed to the sink. Resolves once all of it is durably stored, so the route's 200 means
   * stored; a replay stores nothing new.
   */
  async handleWebhook(batch: MappedBatch): Promise<{ messages: number; skipped: number }> {
    const inbound = await Promise.all(batch.messages.map((m) => this.withMedia(m)));
    await Promise.all(inbound.map((message) => this.options.sink.onInboundMessage(message)));
    for (const reaction of batch.reactions) await this.options.sink.onInboundReaction(reaction);
    await Promise.all(
      batch.statuses.map((status) =>
        this.options.sink.onDeliveryStatus({
          providerMessageId: status.providerMessageId,
          status: status.status,
          error: status.error
            ? {
                code: String(status.error.code),
                explanation: explainGraphError(status.error.code, status.error.title),
              }
            : null,
        }),
      ),
    );
    if (batch.skipped > 0)
      this.options.log.warn({ skipped: batch.skipped }, 'cloud-api webhook items skipped');
    return { messages: inbound.length, skipped: batch.skipped };
  }

  /**
   * Downloads a message's media on receipt (its Graph URL lives ~5 minutes). If that fails the message
   * is still stored, saying so: the customer wrote, and an operator can ask again.
   */
  private async withMedia({ inbound, media }: MappedMessage) {
    if (!media) return inbound;
    try {
      const file = await this.graph.downloadMedia(media.id);
      const stored = await this.options.media.save({
        bytes: file.bytes,
        declaredMimeType: file.mimeType ?? media.mimeType,
        fileName: media.fileName,
      });
      return {
        ...inbound,
        mediaUrl: stored.url,
        mediaMimeType: stored.mimeType,
        fileName: stored.fileName ?? undefined,
        mediaSize: stored.size,
      };
    } catch (error) {
      this.options.log.warn({ err: error, mediaId: media.id }, 'cloud-api media download failed');
      return { ...inbound, text: `${inbound.text} (não foi possível baixar a mídia)` };
    }
  }
}

/**
 * Choices as a WhatsApp interactive message: up to 3 as reply buttons (titles ≤ 20 characters), more as
 * a list (≤ 10 rows, titles ≤ 24, the whole title in the row's description when cut). The tap comes
 * back as `interactive.button_reply` / `list_reply` with the option's id.
 */
function interactiveList(text: string, options: ReadonlyArray<{ id: string; title: string }>) {
  const body = { text: text.slice(0, 1024) };
  const fits = (limit: number) => options.every((o) => o.title.length <= limit);
  if (options.length <= 3 && fits(20)) {
    return {
      type: 'button',
      body,
      action: { buttons: options.map((o) => ({ type: 'reply', reply: { id: o.id, title: o.title } })) },
    };
  }
  const cut = (title: string) => (title.length <= 24 ? title : `${title.slice(0, 23)}…`);
  return {
    type: 'list',
    body,
    action: {
      button: 'Ver opções',
      sections: [
        {
          title: 'Opções',
          rows: options.slice(0, 10).map((o) => ({
            id: o.id,
            title: cut(o.title),
            ...(o.title.length > 24 ? { description: o.title.slice(0, 72) } : {}),
          })),
        },
      ],
    },
  };
}
