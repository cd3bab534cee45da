const LIST_ITEM = /^\s*[-*+]\s/;

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
 * The reply to a message: for each question in it, the knowledge-base sentences that answer it, in
 * the passage's words (one paragraph per question). No stock opener: a "Claro!" before "Não abrimos aos
 * domingos" contradicts the answer, and the sentences already start the way the business writes them.
 */
export function buildReply(answers: readonly (readonly string[])[]): string {
  return answers
    .map((sentences) =>
      plain(
        sentences
          .map((x, i) => (i > 0 && LIST_ITEM.test(x) ? `\n${x}` : x))
          .join(' ')
          .replace(/ \n/g, '\n'),
      ),
    )
    .filter(Boolean)
    .join('\n\n');
}
