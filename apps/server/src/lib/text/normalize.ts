/** Lowercase and strip accents (NFD, drop combining marks): "Devolução" → "devolucao". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Words of a text after folding: letters and digits only, split on everything else. */
export function words(text: string): string[] {
  return foldText(text).match(/[a-z0-9]+/g) ?? [];
}
