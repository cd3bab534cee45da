/**
 * The search parameter that holds the inbox's open conversation. The path `/conversations/{id}`
 * opens the inbox with nothing selected, so a link that should show a chat carries its id here.
 */
export const OPEN_CONVERSATION_PARAM = 'c';

/** Where a link that opens one conversation goes: the inbox with that chat selected. */
export function conversationHref(conversationId: string): string {
  return `/conversations?${OPEN_CONVERSATION_PARAM}=${encodeURIComponent(conversationId)}`;
}
