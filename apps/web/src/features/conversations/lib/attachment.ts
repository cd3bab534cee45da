import { ALLOWED_FILE_TYPE_PREFIXES, LIMITS } from '@atende/contracts';
import { formatKilobytes } from '@/lib/format';

export const ATTACHMENT_ERRORS = {
  tooLarge: 'Arquivo muito grande. Tamanho máximo: 10MB',
  badType: 'Tipo de arquivo não suportado. Tipos permitidos: Imagens, Áudios, PDF, Texto',
} as const;

/** The file input's `accept`: the allowed types plus doc, docx and txt. */
export const ATTACHMENT_ACCEPT = 'image/*,audio/*,application/pdf,text/*,.doc,.docx,.txt';

/** Returns the alert text, or null when the file may be sent. */
export function validateAttachment(file: { size: number; type: string }): string | null {
  if (file.size > LIMITS.fileMaxBytes) return ATTACHMENT_ERRORS.tooLarge;
  if (!ALLOWED_FILE_TYPE_PREFIXES.some((prefix) => file.type.startsWith(prefix)))
    return ATTACHMENT_ERRORS.badType;
  return null;
}

/** Sending a file sends only a text line with its name and size in KB. */
export function attachmentLine(file: { name: string; size: number }): string {
  return `📎 Arquivo: ${file.name} (${formatKilobytes(file.size)})`;
}
