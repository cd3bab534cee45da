import { signatureOf } from '../signature.js';
import { FAKE_PHONE_NUMBER_ID } from './fake-graph.js';

export const APP_SECRET = 'segredo-do-app-de-teste-42';
export const VERIFY_TOKEN = 'token-de-verificacao-7';

type Json = Record<string, unknown>;

/** One `changes[]` item of field `messages` for our number. */
export function change(value: { contacts?: Json[]; messages?: Json[]; statuses?: Json[] }): Json {
  return {
    field: 'messages',
    value: {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '551140001234', phone_number_id: FAKE_PHONE_NUMBER_ID },
      ...value,
    },
  };
}

/** A webhook body: entries, each with its changes. */
export function webhook(...entries: Json[][]): Json {
  return {
    object: 'whatsapp_business_account',
    entry: entries.map((changes, i) => ({ id: `10229012934039${i}`, changes })),
  };
}

let counter = 0;
export const wamid = (tag = 'IN') => `wamid.HBgN${tag}${Date.now().toString(36)}${(counter++).toString(36)}`;
const ts = () => String(Math.floor(Date.now() / 1000));

export const contact = (waId: string, name: string) => ({ profile: { name }, wa_id: waId });

export function textMessage(from: string, body: string, extra: Json = {}): Json {
  return { from, id: wamid(), timestamp: ts(), type: 'text', text: { body }, ...extra };
}

export function mediaMessage(from: string, type: string, media: Json): Json {
  return { from, id: wamid(), timestamp: ts(), type, [type]: media };
}

export function reactionMessage(from: string, target: string, emoji?: string): Json {
  return {
    from,
    id: wamid('RX'),
    timestamp: ts(),
    type: 'reaction',
    reaction: { message_id: target, ...(emoji ? { emoji } : {}) },
  };
}

export function statusUpdate(id: string, status: string, recipient: string, errors?: Json[]): Json {
  return { id, status, timestamp: ts(), recipient_id: recipient, ...(errors ? { errors } : {}) };
}

/** The headers Meta sends with a body: its HMAC-SHA256 under the app secret. */
export function signedHeaders(raw: string, secret = APP_SECRET) {
  return { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(secret, raw) };
}
