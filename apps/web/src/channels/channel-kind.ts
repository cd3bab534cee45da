import type { ChannelKindInfo } from '@atende/contracts';
import type { LucideIcon } from 'lucide-react';

/**
 * What the web knows of one channel kind without asking the server (whose `/inbox-kinds` list, for
 * admins, has the same labels): how it looks and what its screens offer.
 */
export interface WebChannelKind {
  kind: string;
  /** Its pt-BR name. */
  label: string;
  Icon: LucideIcon;
  /** How it links a number, when the server's kind list is not at hand (operators). */
  pairing: ChannelKindInfo['pairing'];
  /** Its QR is "read" by a button on the screen instead of a phone (the simulator). */
  pairsOnScreen?: boolean;
  /** A linked device: unlinking it from the phone is offered. */
  canUnlink?: boolean;
  /** Its numbers live under the Meta app configured on /settings/whatsapp (the Cloud API). */
  usesMetaApp?: boolean;
}
