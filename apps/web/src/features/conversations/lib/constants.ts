/** Emoji sets and quick replies, and the inbox's paging sizes. */

/** Action-bar reactions (9). */
export const ACTION_BAR_EMOJI = ['👍', '❤️', '😂', '😮', '😢', '🙏', '👏', '🔥', '✅'] as const;

/** Bubble reaction picker (15). */
export const BUBBLE_PICKER_EMOJI = [
  '👍',
  '👎',
  '❤️',
  '😂',
  '😮',
  '😢',
  '😡',
  '🙏',
  '👏',
  '🔥',
  '🎉',
  '✅',
  '❌',
  '🤔',
  '💯',
] as const;

/** Composer emoji picker (16). */
export const COMPOSER_EMOJI = [
  '😀',
  '😊',
  '😂',
  '😍',
  '🤔',
  '😢',
  '😮',
  '😉',
  '👍',
  '👏',
  '🙏',
  '❤️',
  '🎉',
  '✅',
  '🔥',
  '💬',
] as const;

/** The four default quick replies. */
export const QUICK_REPLIES = [
  'Olá! Como posso ajudar você hoje?',
  'Obrigado pelo seu contato!',
  'Vou verificar isso para você.',
  'Posso ajudar com mais alguma coisa?',
] as const;

export const LIST_PAGE_SIZE = 50;
export const MESSAGES_PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 300;

/** The search parameter holding the inbox filter, so a reload or a shared link keeps it. */
export const INBOX_FILTER_PARAM = 'inbox';
