import type { LinkedDeviceAdapter } from '@atende/contracts';
import { isWhatsappMediaHost } from './media-hosts.js';
import { type SocketFactory, WhatsappWebChannel, type WhatsappWebOptions } from './whatsapp-web-channel.js';

export type { DatabaseAuthState } from './auth-state.js';
export { SIGNAL_KEY_TYPES, useDatabaseAuthState } from './auth-state.js';
export { BACKOFF_MAX_MS, backoffMs, decideOnClose, PROBLEM_MESSAGES } from './connection-policy.js';
export { isWhatsappMediaHost } from './media-hosts.js';

export const isMediaHost: LinkedDeviceAdapter['isMediaHost'] = isWhatsappMediaHost;
export {
  type SocketFactory,
  type SocketLike,
  WhatsappWebChannel,
  type WhatsappWebOptions,
} from './whatsapp-web-channel.js';

/** The entry point the server loads (dynamically: this package is optional). */
export const createChannel: LinkedDeviceAdapter['createChannel'] = ({ testHooks, ...options }) =>
  new WhatsappWebChannel({
    ...options,
    ...(testHooks?.socketFactory ? { socketFactory: testHooks.socketFactory as SocketFactory } : {}),
    ...(testHooks?.download ? { download: testHooks.download as WhatsappWebOptions['download'] } : {}),
    ...(testHooks?.webSocketUrl ? { webSocketUrl: testHooks.webSocketUrl } : {}),
  });
