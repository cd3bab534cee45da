import {
  normalizeMessageContent,
  toNumber,
  type WAMessage,
  type WAMessageKey,
  WAMessageStubType,
} from '@whiskeysockets/baileys';
import { type Identity, identityOf, isIgnoredJid } from './jid.js';
import { mapContent, mapReceipt } from './map-inbound.js';

export type MappedUpdate =
  /** A receipt for one of our messages (sent, delivered, read, failed). */
  | { kind: 'receipt'; id: string; status: 'sent' | 'delivered' | 'read' | 'failed' }
  /** Its author edited a message: the new text. */
  | { kind: 'edit'; id: string; identity: Identity; fromMe: boolean; text: string; timestamp?: number }
  /** Its author deleted a message for everyone. */
  | { kind: 'delete'; id: string; identity: Identity; fromMe: boolean; timestamp?: number };

/**
 * One `messages.update` entry in our terms, or null when it says nothing we keep. Baileys emits
 * edits and deletions there (Utils/process-message.ts): an edit (`protocolMessage` MESSAGE_EDIT) as
 * `{ key: { ...sender's key, id: edited id }, update: { message: { editedMessage: { message } },
 * messageTimestamp } }`, a deletion (REVOKE) as `{ key: { ..., id: deleted id }, update: { message:
 * null, messageStubType: REVOKE } }`. Receipts are `update.status` on our own messages' keys.
 */
export function mapMessageUpdate(
  key: WAMessageKey | null | undefined,
  update: Partial<WAMessage> | null | undefined,
): MappedUpdate | null {
  if (!key?.id || !update || isIgnoredJid(key.remoteJid)) return null;
  const fromMe = Boolean(key.fromMe);
  const seconds = update.messageTimestamp ? toNumber(update.messageTimestamp) : 0;
  const timestamp = seconds > 0 ? seconds * 1000 : undefined;
  const identity = () => identityOf(key.remoteJid as string, (key as { remoteJidAlt?: string }).remoteJidAlt);

  const edited = update.message?.editedMessage?.message;
  if (edited) {
    const content = mapContent(normalizeMessageContent(edited) ?? {});
    if (!content) return null;
    return { kind: 'edit', id: key.id, identity: identity(), fromMe, text: content.text, timestamp };
  }
  if (update.messageStubType === WAMessageStubType.REVOKE && update.message === null) {
    return { kind: 'delete', id: key.id, identity: identity(), fromMe, timestamp };
  }
  if (!fromMe) return null;
  const status = mapReceipt(update.status);
  return status ? { kind: 'receipt', id: key.id, status } : null;
}
