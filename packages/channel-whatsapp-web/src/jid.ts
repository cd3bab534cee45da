import {
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  isLidUser,
  isPnUser,
  jidDecode,
} from '@whiskeysockets/baileys';

/** Chats we never handle: groups, broadcast lists, status, newsletters (and anything not a person). */
export function isIgnoredJid(jid: string | null | undefined): boolean {
  if (!jid) return true;
  return Boolean(
    isJidGroup(jid) ||
      isJidBroadcast(jid) ||
      isJidStatusBroadcast(jid) ||
      isJidNewsletter(jid) ||
      !(isLidUser(jid) || isPnUser(jid)),
  );
}

/** A person's identity in both forms WhatsApp uses: the phone number and the LID (digits only). */
export interface Identity {
  phone: string | null;
  lid: string | null;
}

const user = (jid: string) => jidDecode(jid)?.user ?? null;

/** Both forms from a key's `remoteJid` and `remoteJidAlt` (either may be the LID). */
export function identityOf(jid: string, alt?: string | null): Identity {
  const identity: Identity = { phone: null, lid: null };
  for (const candidate of [jid, alt]) {
    if (!candidate) continue;
    if (isLidUser(candidate)) identity.lid ??= user(candidate);
    else if (isPnUser(candidate)) identity.phone ??= user(candidate);
  }
  return identity;
}

/** The JID to send to: a number (digits) → `…@s.whatsapp.net`. */
export function phoneJid(phone: string): string {
  return `${phone.replace(/\D/g, '')}@s.whatsapp.net`;
}

/**
 * Where a customer is reached: by the phone number when known; a customer known only by LID is stored
 * under the LID's digits as the phone, and is reached at `…@lid`.
 */
export function recipientJid(to: string, lid: string | null | undefined): string {
  const digits = to.replace(/\D/g, '');
  return lid && digits === lid ? `${lid}@lid` : phoneJid(digits);
}
