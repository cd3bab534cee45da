import { ALLOWED_FILE_TYPE_PREFIXES, LIMITS } from '@atende/contracts';

export const ATTACHMENT_ERRORS = {
  tooLarge: 'Arquivo muito grande. Tamanho máximo: 10MB',
  badType: 'Tipo de arquivo não suportado. Tipos permitidos: Imagens, Vídeos, Áudios, PDF, Texto',
} as const;

/** The file input's `accept`: the allowed types plus doc, docx and txt. */
export const ATTACHMENT_ACCEPT = 'image/*,video/*,audio/*,application/pdf,text/*,.doc,.docx,.txt';

/** Returns the alert text, or null when the file may be sent. */
export function validateAttachment(file: { size: number; type: string }): string | null {
  if (file.size > LIMITS.fileMaxBytes) return ATTACHMENT_ERRORS.tooLarge;
  if (!ALLOWED_FILE_TYPE_PREFIXES.some((prefix) => file.type.startsWith(prefix)))
    return ATTACHMENT_ERRORS.badType;
  return null;
}
