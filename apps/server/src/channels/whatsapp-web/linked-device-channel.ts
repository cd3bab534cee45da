import type {
  ChannelSink,
  InboundMedia,
  MarkReadInput,
  MediaDownloadLimits,
  SendMediaInput,
  SendPresenceInput,
} from '@atende/contracts';
import { ChannelUnavailableError } from '../channel.js';
import type { ChannelStateRepository } from '../channel-state.repository.js';
import { type HeldChannel, LeasedChannel, type LeaseOptions } from './leased-channel.js';

const NOT_HELD = 'A conexão com o WhatsApp está em outro processo do servidor.';

/**
 * A linked device under its lease, with what only the holder's socket can do beyond sending: download
 * a message's media (WhatsApp re-uploads expired media through the socket), mark the customer's
 * messages read, show "digitando…". Edits and deletions reach the server's sink as they are.
 */
export class LinkedDeviceChannel extends LeasedChannel {
  private readonly device: HeldChannel;

  constructor(
    build: (sink: ChannelSink) => HeldChannel,
    lease: ChannelStateRepository,
    sink: ChannelSink,
    options: LeaseOptions = {},
  ) {
    let device: HeldChannel | undefined;
    super(
      (leased) => {
        device = build({
          ...leased,
          onMessageEdited: async (edit) => sink.onMessageEdited?.(edit),
          onMessageDeleted: async (deletion) => sink.onMessageDeleted?.(deletion),
        });
        return device;
      },
      lease,
      sink,
      options,
    );
    if (!device) throw new Error('linked device not built');
    this.device = device;
  }

  private held(): HeldChannel {
    if (!this.isHolder()) throw new ChannelUnavailableError(NOT_HELD);
    return this.device;
  }

  async downloadMedia(media: InboundMedia, limits: MediaDownloadLimits): Promise<Uint8Array> {
    const device = this.held();
    if (!device.downloadMedia) throw new ChannelUnavailableError('Download de mídia indisponível');
    return device.downloadMedia(media, limits);
  }

  async sendMedia(input: SendMediaInput) {
    const device = this.held();
    if (!device.sendMedia) throw new ChannelUnavailableError('Envio de arquivos indisponível');
    return device.sendMedia(input);
  }

  async markRead(input: MarkReadInput): Promise<void> {
    await this.held().markRead?.(input);
  }

  async sendPresence(input: SendPresenceInput): Promise<void> {
    await this.held().sendPresence?.(input);
  }
}
