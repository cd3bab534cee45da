import type { ChannelStatus } from '@atende/contracts';
import { ChannelUnavailableError } from '../channels/channel.js';
import { DEFAULT_KIND } from '../channels/registry.js';
import type { InboxManager } from './inbox-manager.js';

const NONE: ChannelStatus = {
  connected: false,
  qr: null,
  state: 'disconnected',
  channel: DEFAULT_KIND,
  phone: null,
  pairingCode: null,
  reason: 'Nenhuma caixa de entrada ativa',
};

/**
 * The first inbox's channel, looked up on every call (an admin may remove or replace it): what the
 * single WhatsApp connection of `/api/whatsapp/status` means now that there are several.
 */
export function primaryChannel(inboxes: InboxManager) {
  const current = () => inboxes.primary()?.channel;
  const required = () => {
    const channel = current();
    if (!channel) throw new ChannelUnavailableError('Nenhuma caixa de entrada ativa');
    return channel;
  };
  return {
    status: (): ChannelStatus => inboxes.primary()?.status ?? NONE,
    reconnect: () => required().reconnect(),
    start: () => required().start(),
    stop: () => required().stop(),
    /** Unlinks the number where the kind can (linked device); false where it cannot. */
    async logout(): Promise<boolean> {
      const channel = required();
      if (!channel.logout) return false;
      await channel.logout();
      return true;
    },
    /** The channel itself (tests and kind-specific checks). */
    current,
  };
}

export type PrimaryChannel = ReturnType<typeof primaryChannel>;
