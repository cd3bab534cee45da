import type { Message, Sender } from '@atende/contracts';
import { formatRatio } from '@/lib/format';
import { mediaPlaceholder } from './attachment';

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

/** A message quoted or previewed elsewhere: a file's "[Documento: nota.pdf]" reads "Documento: nota.pdf". */
export function quotedText(content: string): string {
  const placeholder = mediaPlaceholder(content);
  if (!placeholder) return content;
  return placeholderLine(placeholder);
}

/**
 * The words a bubble shows under its media: a caption, or nothing for the "[Documento: nota.pdf]"
 * line a file without caption is stored with (the media shows the file and its name). Without the
 * file (still downloading, or lost), that line reads without brackets: "Documento: nota.pdf".
 */
export function bubbleText(message: Pick<Message, 'content' | 'mediaUrl'>): string {
  const placeholder = mediaPlaceholder(message.content);
  if (!placeholder) return message.content;
  if (message.mediaUrl) return '';
  return placeholderLine(placeholder);
}

function placeholderLine(placeholder: { label: string; fileName: string | null }): string {
  return placeholder.fileName ? `${placeholder.label}: ${placeholder.fileName}` : placeholder.label;
}
