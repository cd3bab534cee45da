import type { FastifyInstance } from 'fastify';
import { createSafeDispatcher, type SafeFetchOptions } from '../../lib/safe-fetch.js';
import type { Messaging } from '../../modules/messaging/messaging.js';
import { sentMessages } from '../../modules/messaging/sent-messages.js';
import { type Channel, type ChannelSink, ChannelUnavailableError } from '../channel.js';
import { channelStateRepository } from '../channel-state.repository.js';
import { whatsappAuthStore } from './auth-store.js';
import { DeferredChannel } from './deferred-channel.js';
import { LeasedChannel, type LeaseOptions } from './leased-channel.js';

/** The one linked-device account (its auth rows and its lease). */
export const WHATSAPP_WEB_ACCOUNT = 'whatsapp-web:default';

/** Builds the channel once the domain has its sink (see modules/index.ts). */
export type LinkedDeviceFactory = (sink: ChannelSink, messaging: Messaging) => Channel;

export interface WhatsappWebLoadOptions {
  lease?: LeaseOptions;
  /** Contract tests: a fake Baileys socket (the package's `SocketFactory`). */
  socketFactory?: unknown;
  /** Contract tests: media download without the network. */
  download?: unknown;
  /** Wiring test: a local WebSocket server instead of WhatsApp's. */
  webSocketUrl?: string;
  /**
   * Media download tests: a resolver (a WhatsApp host name → a local server) and private addresses
   * allowed. The host check itself (WhatsApp's media hosts only) is never relaxed.
   */
  mediaFetch?: Pick<SafeFetchOptions, 'resolve' | 'allowPrivate'>;
}

/**
 * Loads the Baileys adapter (GPL-3.0 through libsignal) only when CHANNEL=whatsapp-web: the import
 * is dynamic, so other configurations never load it. Returns a factory the domain calls with its
 * sink once messaging exists.
 */
export function loadWhatsappWeb(
  app: FastifyInstance,
  options: WhatsappWebLoadOptions = {},
): LinkedDeviceFactory {
  // Started now, awaited when the channel starts (onReady): the import takes seconds.
  const adapter = import('@atende/channel-whatsapp-web');
  adapter.catch(() => {}); // reported by start()
  return (sink: ChannelSink, _messaging: Messaging) => {
    const build = (leasedSink: ChannelSink) =>
      new DeferredChannel(
        async () => {
          const { WhatsappWebChannel, isWhatsappMediaHost } = await adapter;
          return new WhatsappWebChannel({
            sink: leasedSink,
            auth: whatsappAuthStore(app.db, WHATSAPP_WEB_ACCOUNT),
            media: app.media,
            sent: sentMessages(app.db),
            logger: app.log.child({ channel: 'whatsapp-web' }),
            version: app.config.whatsappWebVersion,
            unavailable: () => new ChannelUnavailableError(),
            mediaDispatcher: createSafeDispatcher({
              ...options.mediaFetch,
              allowHost: isWhatsappMediaHost,
            }),
            ...(options.socketFactory ? { socketFactory: options.socketFactory as never } : {}),
            ...(options.download ? { download: options.download as never } : {}),
            ...(options.webSocketUrl ? { webSocketUrl: options.webSocketUrl } : {}),
          });
        },
        (error) => app.log.error({ err: error }, 'whatsapp-web channel failed to load'),
      );
    return new LeasedChannel(
      build,
      channelStateRepository(app.db, WHATSAPP_WEB_ACCOUNT),
      sink,
      options.lease,
    );
  };
}
