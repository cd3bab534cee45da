/** Lower case, accents removed: "Conceição" and "conceicao" match. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** A client's name as searched (`clients.search_name`): written wherever the name is. */
export function clientSearchName(name: string | null | undefined): string | null {
  return name ? normalizeSearch(name) : null;
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
