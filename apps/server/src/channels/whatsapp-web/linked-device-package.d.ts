/**
 * The optional linked-device package as the server sees it: the channel port's entry point
 * (contracts `LinkedDeviceAdapter`). When the package is present its own types are used (and it
 * declares the same entry point); when it was removed, this keeps the server compiling.
 */
declare module '@atende/channel-whatsapp-web' {
  import type { LinkedDeviceAdapter } from '@atende/contracts';

  export const createChannel: LinkedDeviceAdapter['createChannel'];
  export const isMediaHost: LinkedDeviceAdapter['isMediaHost'];
}
