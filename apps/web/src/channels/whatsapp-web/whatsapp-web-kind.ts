import { Smartphone } from 'lucide-react';
import type { WebChannelKind } from '../channel-kind';

/** A phone's WhatsApp as a linked device: paired by QR or an 8-character code, unlinked from here too. */
export const whatsappWebKind: WebChannelKind = {
  kind: 'whatsapp-web',
  label: 'WhatsApp Web',
  Icon: Smartphone,
  pairing: 'qr-or-code',
  canUnlink: true,
};
