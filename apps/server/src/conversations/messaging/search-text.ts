/** Lower case, accents removed: "Conceição" and "conceicao" match. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** What a conversation is searched by: client id, client name, phone, last-message text. */
export function conversationSearchText(parts: {
  clientId: string;
  clientName: string | null;
  clientPhone: string | null;
  lastMessage: string | null;
}): string {
  return normalizeSearch(
    [parts.clientId, parts.clientName ?? '', parts.clientPhone ?? '', parts.lastMessage ?? ''].join('\n'),
  );
}
