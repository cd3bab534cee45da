import { describe, expect, it } from 'vitest';
import { sendMediaQuerySchema, sendMessageRequestSchema } from './conversations.js';
import { MEDIA_MAX_BYTES, mediaKindOf, mediaTooLargeMessage, UPLOAD_MAX_BYTES } from './media.js';

describe("WhatsApp's limits", () => {
  it('a text message holds up to 4,096 characters, a caption up to 1,024, with pt-BR errors', () => {
    expect(sendMessageRequestSchema.safeParse({ message: 'x'.repeat(4096) }).success).toBe(true);
    const long = sendMessageRequestSchema.safeParse({ message: 'x'.repeat(4097) });
    expect(long.error?.issues[0]?.message).toBe('A mensagem pode ter até 4.096 caracteres');
    expect(sendMediaQuerySchema.safeParse({ caption: 'x'.repeat(1024) }).success).toBe(true);
    const caption = sendMediaQuerySchema.safeParse({ caption: 'x'.repeat(1025) });
    expect(caption.error?.issues[0]?.message).toBe('A legenda pode ter até 1.024 caracteres');
  });

  it('images 5 MB, video and audio 16 MB, documents 100 MB', () => {
    const MB = 1024 * 1024;
    expect(MEDIA_MAX_BYTES).toEqual({ image: 5 * MB, video: 16 * MB, audio: 16 * MB, document: 100 * MB });
    expect(UPLOAD_MAX_BYTES).toBe(100 * MB);
    expect(mediaKindOf('image/jpeg')).toBe('image');
    expect(mediaKindOf('audio/ogg; codecs=opus')).toBe('audio');
    expect(mediaKindOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('document');
    expect(mediaTooLargeMessage('document')).toBe(
      'Documento muito grande: o WhatsApp aceita documentos de até 100 MB.',
    );
  });
});
