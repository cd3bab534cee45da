import { FormData } from 'undici';
import type { SafeFetch } from '../../lib/safe-fetch.js';
import type { CloudApiSettings } from './cloud-api-settings.js';
import { GraphError, graphErrorOf } from './graph-error.js';

const TIMEOUT_MS = 15_000;

/** The WhatsApp number as Graph describes it (the token + number check). */
export interface PhoneNumberInfo {
  displayPhoneNumber: string;
  verifiedName: string | null;
}

export interface GraphTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  components?: Array<{ type: string; text?: string }>;
}

type Init = NonNullable<Parameters<SafeFetch>[1]>;

/**
 * The Graph API calls the channel makes, with the token in a header. Every URL (the configured Graph
 * base and the media URLs Graph hands back) goes through the SSRF-safe fetch: private and loopback
 * targets are refused unless WHATSAPP_ALLOW_PRIVATE.
 */
export function createGraphClient(settings: () => Promise<CloudApiSettings>, safeFetch: SafeFetch) {
  async function call(current: CloudApiSettings, url: string, init: Init = {}) {
    if (!current.accessToken) throw new GraphError(401, 190, 'Token de acesso não configurado');
    const response = await safeFetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { authorization: `Bearer ${current.accessToken}`, ...init.headers },
    });
    if (!response.ok) throw await graphErrorOf(response);
    return response;
  }

  async function graph<T>(path: string, init: Init = {}): Promise<T> {
    const current = await settings();
    const url = `${current.graphUrl}/${current.graphVersion}/${path}`;
    const response = await call(current, url, init);
    return (await response.json()) as T;
  }

  async function requirePhoneNumberId(): Promise<string> {
    const id = (await settings()).phoneNumberId;
    if (!id) throw new GraphError(400, null, 'ID do número do WhatsApp não configurado');
    return id;
  }

  return {
    async phoneNumber(): Promise<PhoneNumberInfo> {
      const id = await requirePhoneNumberId();
      const body = await graph<{ display_phone_number?: string; verified_name?: string }>(
        `${id}?fields=display_phone_number,verified_name`,
      );
      return {
        displayPhoneNumber: body.display_phone_number ?? id,
        verifiedName: body.verified_name ?? null,
      };
    },

    /** POST /{number}/messages; answers the message's `wamid`. */
    async sendMessage(message: Record<string, unknown>): Promise<string> {
      const id = await requirePhoneNumberId();
      const body = await graph<{ messages?: Array<{ id?: string }> }>(`${id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...message }),
      });
      const wamid = body.messages?.[0]?.id;
      if (!wamid) throw new GraphError(502, null, 'A Graph API não devolveu o id da mensagem');
      return wamid;
    },

    /** POST /{number}/media (multipart): a file of ours uploaded for a send; answers its media id. */
    async uploadMedia(file: { bytes: Uint8Array; mimeType: string; fileName: string }): Promise<string> {
      const id = await requirePhoneNumberId();
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', file.mimeType);
      form.set('file', new Blob([file.bytes], { type: file.mimeType }), file.fileName);
      const body = await graph<{ id?: string }>(`${id}/media`, { method: 'POST', body: form });
      if (!body.id) throw new GraphError(502, null, 'A Graph API não devolveu o id da mídia');
      return body.id;
    },

    /** GET /{media-id} → a short-lived URL, then the bytes (with the token). */
    async downloadMedia(mediaId: string): Promise<{ bytes: Uint8Array; mimeType: string | undefined }> {
      const info = await graph<{ url?: string; mime_type?: string }>(encodeURIComponent(mediaId));
      if (!info.url) throw new GraphError(502, null, 'A Graph API não devolveu o endereço da mídia');
      const response = await call(await settings(), info.url);
      return { bytes: new Uint8Array(await response.arrayBuffer()), mimeType: info.mime_type };
    },

    /** The business account's templates (first page of up to 200). */
    async templates(): Promise<GraphTemplate[]> {
      const account = (await settings()).businessAccountId;
      if (!account) throw new GraphError(400, null, 'ID da conta do WhatsApp Business não configurado');
      const body = await graph<{ data?: GraphTemplate[] }>(
        `${account}/message_templates?fields=name,language,status,category,components&limit=200`,
      );
      return body.data ?? [];
    },
  };
}

export type GraphClient = ReturnType<typeof createGraphClient>;
