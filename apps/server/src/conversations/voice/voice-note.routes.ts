import { sendVoiceNoteQuerySchema, VOICE_NOTE_MAX_SECONDS } from '@atende/contracts';
import { AppError } from '../../lib/app-error.js';
import { toVoiceNote } from '../media/voice-note.js';
import { uploadAndSendRoutes } from '../routes/upload-and-send.js';

export const VOICE_NOTE_REFUSED =
  'Gravação inválida: envie um áudio Opus (WebM, como o navegador grava, ou Ogg)';
export const VOICE_NOTE_TOO_LONG = `Mensagem de voz muito longa: no máximo ${VOICE_NOTE_MAX_SECONDS / 60} minutos`;

/**
 * `POST /api/conversations/:id/voice-note`: an operator's recording, sent as a WhatsApp voice note.
 * The browser's WebM is remuxed into Ogg/Opus (the same Opus packets, no re-encoding), stored in
 * the media store, then sent like any reply (stored first; the channel's send job marks it a voice
 * note, push-to-talk, on every channel kind).
 */
export const voiceNoteRoutes = uploadAndSendRoutes({
  url: '/api/conversations/:id/voice-note',
  querystring: sendVoiceNoteQuerySchema,
  emptyBody: 'Envie a gravação no corpo da requisição',
  file: async (bytes) => {
    const note = await toVoiceNote(new Uint8Array(bytes));
    if (!note) throw new AppError('VALIDATION_ERROR', VOICE_NOTE_REFUSED);
    if (note.seconds > VOICE_NOTE_MAX_SECONDS + 1)
      throw new AppError('VALIDATION_ERROR', VOICE_NOTE_TOO_LONG);
    return { bytes: note.bytes, declaredMimeType: note.mimeType, fileName: 'mensagem-de-voz.ogg' };
  },
  message: (stored) => ({
    message: '[Áudio: mensagem-de-voz.ogg]',
    type: 'audio',
    media: { url: stored.url, mimeType: stored.mimeType },
  }),
  sent: 'Mensagem de voz enviada',
});
