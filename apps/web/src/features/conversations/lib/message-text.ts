import type { Message, Sender } from '@atende/contracts';
import { formatRatio } from '@/lib/format';

const SENDER_LABELS: Record<Sender, string> = { client: 'Cliente', agent: 'Agente', admin: 'Admin' };

/** Cliente, Agente or Admin, with ' (IA)' when AI-generated. */
export function senderLabel(message: Pick<Message, 'sender' | 'aiGenerated'>): string {
  return `${SENDER_LABELS[message.sender]}${message.aiGenerated ? ' (IA)' : ''}`;
}

/** Agent and admin are the operator's own side. */
export function isOwnMessage(message: Pick<Message, 'sender'>): boolean {
  return message.sender !== 'client';
}

/** Confidence 0–1 as a rounded percentage. */
export function confidencePercent(score: number): string {
  return formatRatio(score);
}

/** A forward is a normal text prefixed with a forwarded-from note and the original text. */
export function forwardText(original: Pick<Message, 'content' | 'sender'>, fromName: string): string {
  return `↪️ Mensagem encaminhada de ${fromName} (${SENDER_LABELS[original.sender]}):\n\n${original.content}`;
}

export function displayName(row: { clientName: string | null; clientId: string }): string {
  return row.clientName?.trim() || `Cliente ${row.clientId}`;
}

/** External chat link built from the phone with prefilled text. */
export function callLink(phone: string, kind: 'voice' | 'video'): string {
  const digits = phone.replace(/\D/g, '');
  const text =
    kind === 'voice'
      ? 'Olá! Gostaria de conversar por chamada de voz.'
      : 'Olá! Gostaria de conversar por videochamada.';
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

export const CALL_ALERTS = {
  voice: 'Número de telefone não disponível para chamada.',
  video: 'Número de telefone não disponível para videochamada.',
} as const;

/** What a file's message says when it has no caption: "[Imagem]", "[Vídeo: nome.mp4]", "[Figurinha]"… */
const MEDIA_PLACEHOLDER = /^\[(Imagem|Vídeo|Áudio|Mensagem de voz|Figurinha)(: [^\]]*)?\]$/;

/**
 * A photo, video, sticker or audio shown in the bubble needs no "[Imagem]" line under it; a document
 * keeps its line (its name is what the link does not show).
 */
export function isMediaPlaceholder(message: Pick<Message, 'content' | 'mediaUrl'>): boolean {
  return Boolean(message.mediaUrl) && MEDIA_PLACEHOLDER.test(message.content);
}
