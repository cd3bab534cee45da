import type { AnyChannelKind } from './channel-kind.js';
import { cloudApiKind } from './cloud-api/cloud-api-kind.js';
import { simulatorKind } from './simulator/simulator-kind.js';
import { type WhatsappWebTestHooks, whatsappWebKind } from './whatsapp-web/whatsapp-web-kind.js';

/** The kind an empty database starts with when `CHANNEL` is not set, and a removed inbox reports. */
export const DEFAULT_KIND = simulatorKind.kind;

/** Test hooks a kind accepts (fake sockets, local servers); production passes none. */
export interface ChannelTestHooks {
  whatsappWeb?: WhatsappWebTestHooks;
}

/**
 * Every channel kind, one line each. A new kind (Instagram, Telegram) is its folder under channels/
 * and its line here: the inboxes module, the Integrations screen and the API take it from this list.
 */
export function channelRegistry(hooks: ChannelTestHooks = {}): ReadonlyMap<string, AnyChannelKind> {
  const kinds: AnyChannelKind[] = [simulatorKind, whatsappWebKind(hooks.whatsappWeb), cloudApiKind];
  return new Map(kinds.map((kind) => [kind.kind, kind]));
}
