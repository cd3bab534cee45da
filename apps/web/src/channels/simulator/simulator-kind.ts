import { FlaskConical } from 'lucide-react';
import type { WebChannelKind } from '../channel-kind';

/** A pretend WhatsApp for trying Atende out: its QR is read by a button on the screen. */
export const simulatorKind: WebChannelKind = {
  kind: 'simulator',
  label: 'Simulador',
  Icon: FlaskConical,
  pairing: 'qr',
  pairsOnScreen: true,
};
