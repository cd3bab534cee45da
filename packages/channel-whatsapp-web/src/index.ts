export type { DatabaseAuthState } from './auth-state.js';
export { SIGNAL_KEY_TYPES, useDatabaseAuthState } from './auth-state.js';
export { BACKOFF_MAX_MS, backoffMs, decideOnClose, PROBLEM_MESSAGES } from './connection-policy.js';
export { isWhatsappMediaHost } from './media-hosts.js';
export type * from './ports.js';
export {
  type SocketFactory,
  type SocketLike,
  WhatsappWebChannel,
  type WhatsappWebOptions,
} from './whatsapp-web-channel.js';
