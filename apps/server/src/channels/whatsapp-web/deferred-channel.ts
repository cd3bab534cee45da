import type {
  InboundMedia,
  MarkReadInput,
  MediaDownloadLimits,
  SendMediaInput,
  SendPresenceInput,
} from '@atende/contracts';
import {
  type ChannelStatus,
  ChannelUnavailableError,
  type SendReactionInput,
  type SendTextInput,
} from '../channel.js';
import type { HeldChannel } from './leased-channel.js';

/** What the card shows before the adapter has loaded. */
const LOADING: ChannelStatus = {
  connected: false,
  qr: null,
  state: 'disconnected',
  channel: 'whatsapp-web',
  phone: null,
  pairingCode: null,
  reason: null,
  problem: null,
  nextAttemptAt: null,
};

/**
 * A channel whose implementation loads when it starts: Baileys and its protobuf definitions take
 * seconds to import, which must not count against the server's plugin start-up timeout.
 */
export class DeferredChannel implements HeldChannel {
  readonly kind = 'whatsapp-web' as const;
  private channel: HeldChannel | null = null;
  private starting: Promise<void> = Promise.resolve();
  private stopped = false;
  private loadError: string | null = null;

  constructor(
    private readonly build: () => Promise<HeldChannel>,
    private readonly onError: (error: unknown) => void,
  ) {}

  status(): ChannelStatus {
    if (this.channel) return this.channel.status();
    return { ...LOADING, state: this.loadError ? 'disconnected' : 'connecting', reason: this.loadError };
  }

  /** Returns at once (the server's start-up must not wait for the import); connects in the background. */
  async start(): Promise<void> {
    this.stopped = false;
    this.starting = (async () => {
      this.channel ??= await this.build();
      if (!this.stopped) await this.channel.start();
    })().catch((error: unknown) => {
      this.loadError = 'Não foi possível carregar o canal WhatsApp Web';
      this.onError(error);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting;
    await this.channel?.stop();
  }

  async reconnect(): Promise<void> {
    await this.loaded().reconnect();
  }

  async logout(): Promise<void> {
    await this.loaded().logout();
  }

  async requestPairingCode(phone: string): Promise<string> {
    const channel = this.loaded();
    if (!channel.requestPairingCode) throw new ChannelUnavailableError('Código de pareamento indisponível');
    return channel.requestPairingCode(phone);
  }

  async sendText(input: SendTextInput) {
    return this.loaded().sendText(input);
  }

  async sendReaction(input: SendReactionInput): Promise<void> {
    await this.loaded().sendReaction(input);
  }

  async downloadMedia(media: InboundMedia, limits: MediaDownloadLimits): Promise<Uint8Array> {
    const channel = this.loaded();
    if (!channel.downloadMedia) throw new Error('Download de mídia indisponível');
    return channel.downloadMedia(media, limits);
  }

  async sendMedia(input: SendMediaInput) {
    const channel = this.loaded();
    if (!channel.sendMedia) throw new ChannelUnavailableError('Envio de arquivos indisponível');
    return channel.sendMedia(input);
  }

  async markRead(input: MarkReadInput): Promise<void> {
    await this.loaded().markRead?.(input);
  }

  async sendPresence(input: SendPresenceInput): Promise<void> {
    await this.loaded().sendPresence?.(input);
  }

  private loaded(): HeldChannel {
    if (!this.channel) throw new ChannelUnavailableError('WhatsApp Web ainda carregando');
    return this.channel;
  }
}
