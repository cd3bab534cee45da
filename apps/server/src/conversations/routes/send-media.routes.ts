import {
  MEDIA_MAX_BYTES,
  mediaKindLabel,
  mediaKindOf,
  mediaTooLargeMessage,
  sendMediaQuerySchema,
} from '@atende/contracts';
import { uploadAndSendRoutes } from './upload-and-send.js';

/**
 * `POST /api/conversations/:id/media`: an operator sends a file. The body is the file itself (any
 * Content-Type); it is stored in the media store (its type checked by its bytes, its size by
 * WhatsApp's limit for that kind: images 5 MB, video and audio 16 MB, documents 100 MB), then sent
 * like a text reply (stored first, a `channel_send` job hands it to the conversation's channel).
 */
export const sendMediaRoutes = uploadAndSendRoutes({
  url: '/api/conversations/:id/media',
  querystring: sendMediaQuerySchema,
  emptyBody: 'Envie o arquivo no corpo da requisição',
  file: (bytes, { query, contentType }) => ({
    bytes,
    declaredMimeType: contentType,
    fileName: query.fileName ?? 'arquivo',
    refuse: ({ mimeType, size }) => {
      const kind = mediaKindOf(mimeType);
      return size > MEDIA_MAX_BYTES[kind] ? mediaTooLargeMessage(kind) : null;
    },
  }),
  message: (stored, { caption }) => {
    const type = mediaKindOf(stored.mimeType);
    return {
      message: caption || `[${mediaKindLabel(type)}: ${stored.fileName ?? 'arquivo'}]`,
      type,
      media: {
        url: stored.url,
        mimeType: stored.mimeType,
        fileName: stored.fileName,
        size: stored.size,
      },
    };
  },
  sent: 'Arquivo enviado',
});
