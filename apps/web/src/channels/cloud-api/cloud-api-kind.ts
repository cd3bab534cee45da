import { Cloud } from 'lucide-react';
import type { WebChannelKind } from '../channel-kind';

/** Meta's official API: no pairing, a number is its settings (ID, token) under the app's settings. */
export const cloudApiKind: WebChannelKind = {
  kind: 'cloud-api',
  label: 'WhatsApp Cloud API',
  Icon: Cloud,
  pairing: 'none',
  usesMetaApp: true,
};
