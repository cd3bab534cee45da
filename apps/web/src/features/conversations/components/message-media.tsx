import type { Message } from '@atende/contracts';
import { FileText, ImageOff, Loader2 } from 'lucide-react';
import { useAuthenticatedMedia } from '@/lib/use-authenticated-media';
import { safeMediaUrl } from '../lib/safe-url';

/**
 * Image, sticker, video or audio player, or document link; only for http(s) or same-origin URLs (never
 * javascript:, data:). Media still downloading, or that never could be, says so.
 */
export function MessageMedia({
  message,
}: {
  message: Pick<Message, 'type' | 'mediaUrl' | 'mediaMimeType' | 'mediaStatus'>;
}) {
  const safe = safeMediaUrl(message.mediaUrl);
  // Stored media needs the session's token: loaded through a blob: URL.
  const url = useAuthenticatedMedia(safe);
  if (message.mediaStatus === 'pending') {
    return (
      <p data-testid="media-pending" className="flex items-center gap-1.5 text-xs italic opacity-75">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
        Baixando mídia…
      </p>
    );
  }
  if (message.mediaStatus === 'unavailable') {
    return (
      <p
        data-testid="media-unavailable"
        className="flex items-center gap-1.5 text-xs italic opacity-75"
        title="O arquivo não pôde ser baixado do WhatsApp (grande demais, expirado ou recusado)."
      >
        <ImageOff aria-hidden="true" className="size-3.5" />
        Mídia indisponível
      </p>
    );
  }
  if (!message.mediaUrl) return null;
  if (!safe || url === 'error') {
    return <p className="text-xs italic opacity-75">Anexo indisponível</p>;
  }
  if (!url) return <p className="text-xs italic opacity-75">Carregando anexo...</p>;
  if (message.type === 'sticker') {
    return (
      <img
        src={url}
        alt="Figurinha"
        loading="lazy"
        referrerPolicy="no-referrer"
        className="size-32 object-contain"
      />
    );
  }
  if (message.type === 'video' || message.mediaMimeType?.startsWith('video/')) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: customers' videos have no captions
      <video controls preload="metadata" src={url} className="max-h-72 w-auto max-w-full rounded-md" />
    );
  }
  if (message.type === 'image' || message.mediaMimeType?.startsWith('image/')) {
    return (
      <img
        src={url}
        alt="Imagem enviada"
        loading="lazy"
        referrerPolicy="no-referrer"
        className="max-h-64 w-auto max-w-full rounded-md object-contain"
      />
    );
  }
  if (message.type === 'audio' || message.mediaMimeType?.startsWith('audio/')) {
    // biome-ignore lint/a11y/useMediaCaption: customers' voice notes have no captions
    return <audio controls preload="none" src={url} className="h-10 w-60 max-w-full" />;
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 rounded-md bg-black/5 px-2 py-1 text-sm underline-offset-2 hover:underline dark:bg-white/10"
    >
      <FileText aria-hidden="true" className="size-4" />
      Abrir documento
    </a>
  );
}
