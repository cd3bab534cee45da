/** The variable a canned reply (or any text an operator or automation sends) may carry. */
export const FIRST_NAME_VARIABLE = '{primeiro_nome}';
const VARIABLE = /\{primeiro_nome\}/gi;

/** The customer's first name from the stored name; none when there is no name (or only a number). */
export function firstNameOf(name: string | null | undefined): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  return /\p{L}/u.test(first) ? first : '';
}

/**
 * `{primeiro_nome}` becomes the customer's first name, on the server, as the message is stored: the
 * text the customer gets and the one in the transcript are the same. Without a name the greeting
 * closes up ("Olá, {primeiro_nome}!" → "Olá!").
 */
export function fillReplyVariables(text: string, clientName: string | null | undefined): string {
  if (!VARIABLE.test(text)) return text;
  VARIABLE.lastIndex = 0;
  const first = firstNameOf(clientName);
  if (first) return text.replace(VARIABLE, first);
  return text
    .replace(/[ \t]*,?[ \t]*\{primeiro_nome\}/gi, '')
    .replace(/^[ \t]*,[ \t]*/gm, '')
    .trim();
}
