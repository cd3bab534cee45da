/** What the fake saw of one client connection. */
export interface FakeClient {
  /** The registration payload of an unpaired client (null until its handshake finished). */
  registration: { platform: string; version: Array<number | null | undefined> } | null;
  /** Pairing refs sent in `pair-device` (each becomes one QR on the client). */
  qrRefsSent: number;
  /** Keep-alive pings answered. */
  pings: number;
  closed: boolean;
}

export interface FakeWhatsappServer {
  /** `ws://127.0.0.1:PORT/ws/chat`: Baileys' `waWebSocketUrl`, the server's WHATSAPP_WEB_SOCKET_URL. */
  url: string;
  clients: FakeClient[];
  close(): Promise<void>;
}

export function startFakeWhatsappServer(options?: {
  host?: string;
  port?: number;
  /** Pairing refs sent in `pair-device`: one QR each, then Baileys closes with 408. */
  refs?: string[];
  log?: (line: string) => void;
}): Promise<FakeWhatsappServer>;
