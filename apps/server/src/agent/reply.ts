import type { Passage } from './retrieval/passages.js';

const LEAD_INS = ['Claro! ', 'Posso ajudar com isso. ', 'Boa pergunta! ', 'Vamos lá: ', 'Entendi. '] as const;

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}

/** Markdown emphasis and list markers out, so WhatsApp shows plain text. */
function plain(text: string): string {
  return text
    .replace(/^\s*[-*+]\s+/gm, '• ')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .trim();
}

/**
 * A natural pt-BR reply from a passage: a short lead-in (stable for the same question) followed by
 * the passage text, without headings.
 */
export function buildReply(question: string, passage: Passage): string {
  const lead = LEAD_INS[hash(question) % LEAD_INS.length]!;
  return `${lead}${plain(passage.text)}`;
}
