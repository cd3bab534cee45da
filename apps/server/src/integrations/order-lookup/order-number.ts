/** Words after which a customer writes their order's number ("o pedido 1234", "pedido nº A-778"). */
const AFTER_KEYWORD =
  /\b(?:pedido|encomenda|compra|ordem|protocolo|rastreio)s?\b\s*(?:n[ºo°]\.?|n[uú]mero|num\.?|#)?\s*[:#]?\s*([A-Za-z0-9][A-Za-z0-9-]{1,23})/i;
const HASHED = /#\s*([A-Za-z0-9][A-Za-z0-9-]{1,23})/;
/** A bare number of 3 to 12 digits (longer ones are phones or documents, not orders). */
const BARE_NUMBER = /(?<![\d+])(\d{3,12})(?!\d)/;

/** The order number a message names, or null: after "pedido"/"#", else the one bare number in it. */
export function orderNumberIn(text: string): string | null {
  for (const pattern of [AFTER_KEYWORD, HASHED]) {
    const found = pattern.exec(text)?.[1];
    if (found && /\d/.test(found)) return found;
  }
  return BARE_NUMBER.exec(text)?.[1] ?? null;
}
