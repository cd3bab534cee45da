import type { LinkedDeviceAdapter } from '@atende/contracts';
import { z } from 'zod';
import { createSafeDispatcher, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import { ChannelUnavailableError } from '../channel.js';
import type { ChannelKindDefinition } from '../channel-kind.js';
import { authStateBox } from './auth-state-keys.js';
import { whatsappAuthStore } from './auth-store.js';
import { DeferredChannel } from './deferred-channel.js';
import type { LeasedChannel, LeaseOptions } from './leased-channel.js';
import { LinkedDeviceChannel } from './linked-device-channel.js';

/** Test hooks: a fake socket, a download without the network, a local WebSocket, media resolution. */
export interface WhatsappWebTestHooks {
  lease?: LeaseOptions;
  socketFactory?: unknown;
  download?: unknown;
  webSocketUrl?: string;
  mediaFetch?: Pick<SafeFetchOptions, 'resolve' | 'allowPrivate'>;
  /** Each inbound message's time from Baileys' event to our commit (ms). */
  onReceiptToCommit?: (ms: number) => void;
}

/** A commit this long after WhatsApp's receipt is worth a warning: the window a crash could lose. */
const SLOW_COMMIT_MS = 2_000;

let adapter: Promise<LinkedDeviceAdapter> | null = null;

/**
 * The linked-device package (GPL-3.0 through libsignal) is optional and heavy (Baileys' protobufs take
 * seconds to import): loaded on first use, never by installations without a linked-device inbox.
 */
export function loadLinkedDevice(): Promise<LinkedDeviceAdapter> {
  adapter ??= import('@atende/channel-whatsapp-web');
  return adapter;
}

/** The account key of an inbox's auth rows and lease (`default` keeps the keys it always had). */
export const linkedDeviceAccount = (inboxId: string) => `whatsapp-web:${inboxId}`;

/**
 * A WhatsApp number linked as a device (like WhatsApp Web), through Baileys: paired by QR or an
 * 8-character code; one process holds each number's socket (a lease), the others wait.
 */
export function whatsappWebKind(
  hooks: WhatsappWebTestHooks = {},
): ChannelKindDefinition<Record<string, never>, LinkedDeviceChannel> {
  return {
    kind: 'whatsapp-web',
    label: 'WhatsApp no celular (aparelho conectado)',
    description:
      'Conecta um número comum ou Business como aparelho conectado, pelo QR code ou por um código de pareamento.',
    pairing: 'qr-or-code',
    settingsSchema: z.object({}) as z.ZodType<Record<string, never>>,
    fields: [],
    secretKeys: [],
    installed: () =>
      loadLinkedDevice().then(
        () => true,
        () => false,
      ),
    create: (context, inbox) => {
      const account = linkedDeviceAccount(inbox.id);
      const webSocketUrl = hooks.webSocketUrl ?? context.config.whatsappWebSocketUrl;
      if (webSocketUrl && !hooks.webSocketUrl) {
        context.app.log.warn(
          { inbox: inbox.id, webSocketUrl },
          'WHATSAPP_WEB_SOCKET_URL is set: the linked device connects there, not to WhatsApp (tests only)',
        );
      }
      // The auth writes are fenced by this inbox's lease (the channel below holds it) and sealed at rest.
      let leased: LeasedChannel | null = null;
      const auth = whatsappAuthStore(context.db, account, {
        lease: { key: account, kind: context.app.dbHandle.kind, claim: () => leased?.fence() ?? null },
        box: authStateBox(context.config.authState),
      });
      const build = (sink: typeof context.sink) =>
        new DeferredChannel(
          async () => {
            const linked = await loadLinkedDevice();
            // Built once this process holds the lease: what is in clear or under an old key is sealed now.
            const resealed = await auth.resealAll();
            if (resealed > 0)
              context.app.log.info({ inbox: inbox.id, resealed }, 'whatsapp-web: auth state sealed');
            const logger = context.app.log.child({ channel: 'whatsapp-web', inbox: inbox.id });
            return linked.createChannel({
              sink,
              auth,
              sent: context.sent,
              logger,
              version: context.config.whatsappWebVersion,
              unavailable: (message) => new ChannelUnavailableError(message),
              // One pool per download: closing it aborts that download (a deadline, a size limit).
              mediaDispatcher: () => {
                const dispatcher = createSafeDispatcher({
                  ...hooks.mediaFetch,
                  allowHost: linked.isMediaHost,
                });
                return { dispatcher, destroy: (error) => dispatcher.destroy(error ?? null) };
              },
              onReceiptToCommit: (ms) => {
                hooks.onReceiptToCommit?.(ms);
                if (ms > SLOW_COMMIT_MS) logger.warn({ ms }, 'whatsapp-web: slow commit after the receipt');
              },
              testHooks: {
                socketFactory: hooks.socketFactory,
                download: hooks.download,
                ...(webSocketUrl ? { webSocketUrl } : {}),
              },
            });
          },
          (error) =>
            context.app.log.error({ err: error, inbox: inbox.id }, 'whatsapp-web channel failed to load'),
        );
      const channel = new LinkedDeviceChannel(build, context.state, context.sink, {
        ...hooks.lease,
        busy: context.leasesHeld,
      });
      leased = channel;
      return channel;
    },
    settingsFromEnvironment: async () => ({}),
  };
}
