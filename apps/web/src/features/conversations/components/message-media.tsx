import type { Message } from '@atende/contracts';
import { Download, FileArchive, FileSpreadsheet, FileText, ImageOff, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { getToken } from '@/lib/storage';
import { useAuthenticatedMedia } from '@/lib/use-authenticated-media';
import { errorReason, notify } from '../hooks/use-notify';
import { formatFileSize, mediaPlaceholder } from '../lib/attachment';
import { safeMediaUrl } from '../lib/safe-url';

type MediaMessage = Pick<Message, 'type' | 'mediaUrl' | 'mediaMimeType' | 'mediaStatus'> &
  Partial<Pick<Message, 'mediaFileName' | 'mediaSize' | 'content'>>;

/**
 * Image, sticker, video or audio player, or a document's card (name, size, download); only for
 * http(s) or same-origin URLs (never javascript:, data:). Media still downloading, or that never could
 * be, says so.
 */
export function MessageMedia({ message }: { message: MediaMessage }) {
  const safe = safeMediaUrl(message.mediaUrl);
  const isDocument =
    message.type === 'document' ||
    (message.type !== 'sticker' && !/^(image|video|audio)\//.test(message.mediaMimeType ?? ''));
  // Stored media needs the session's token: loaded through a blob: URL. A document is fetched only
  // when it is downloaded (it may weigh 100 MB).
  const url = useAuthenticatedMedia(isDocument ? null : safe);
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
  const fileName = message.mediaFileName ?? mediaPlaceholder(message.content ?? '')?.fileName ?? null;
  if (isDocument) {
    if (!safe) return <p className="text-xs italic opacity-75">Anexo indisponível</p>;
    return <DocumentCard url={safe} fileName={fileName} size={message.mediaSize ?? null} />;
  }
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
      <figure className="m-0">
        {/* biome-ignore lint/a11y/useMediaCaption: customers' videos have no captions */}
        <video
          controls
          preload="metadata"
          src={url}
          title={fileName ?? 'Vídeo'}
          className="max-h-72 w-auto max-w-full rounded-md"
        />
        {fileName && <FileNameLine name={fileName} />}
      </figure>
    );
  }
  if (message.type === 'image' || message.mediaMimeType?.startsWith('image/')) {
    return (
      <img
        src={url}
        alt={fileName ? `Imagem: ${fileName}` : 'Imagem enviada'}
        title={fileName ?? undefined}
        loading="lazy"
        referrerPolicy="no-referrer"
        className="max-h-64 w-auto max-w-full rounded-md object-contain"
      />
    );
  }
  return (
    <figure className="m-0">
      {/* biome-ignore lint/a11y/useMediaCaption: customers' voice notes have no captions */}
      <audio controls preload="none" src={url} title={fileName ?? 'Áudio'} className="h-10 w-60 max-w-full" />
      {fileName && <FileNameLine name={fileName} />}
    </figure>
  );
}

function FileNameLine({ name }: { name: string }) {
  return (
    <figcaption data-testid="media-file-name" className="mt-1 max-w-60 truncate text-xs opacity-90">
      {name}
    </figcaption>
  );
}

const SHEETS = /\.(xlsx?|csv|ods)$/i;
const ARCHIVES = /\.zip$/i;

/** The document's extension in capitals ("PDF", "XLSX"), or "Arquivo". */
function typeLabel(name: string | null): string {
  const extension = name && /\.([a-z0-9]{1,5})$/i.exec(name)?.[1];
  return extension ? extension.toUpperCase() : 'Arquivo';
}

/**
 * A document as WhatsApp shows it: its icon, name and size, and a download. The bytes are fetched with
 * the session's token only on a click, then handed to the browser under the file's own name.
 */
function DocumentCard({
  url,
  fileName,
  size,
}: {
  url: string;
  fileName: string | null;
  size: number | null;
}) {
  const [isLoading, setLoading] = useState(false);
  const name = fileName ?? 'Documento';
  const Icon = SHEETS.test(name) ? FileSpreadsheet : ARCHIVES.test(name) ? FileArchive : FileText;
  const download = async () => {
    setLoading(true);
    try {
      const response = await fetch(url, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } });
      if (!response.ok) throw new Error('O arquivo não está mais disponível.');
      const objectUrl = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = objectUrl;
      link.download = name;
      link.rel = 'noopener';
      link.click();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    } catch (error) {
      notify.error(`Erro ao baixar o arquivo: ${errorReason(error)}`);
    } finally {
      setLoading(false);
    }
  };
  return (
    <div
      data-testid="document-card"
      className="flex w-64 max-w-full items-center gap-2.5 rounded-lg bg-black/5 p-2 dark:bg-white/10"
    >
      <Icon aria-hidden="true" className="size-8 shrink-0 opacity-80" />
      <div className="min-w-0 flex-1">
        <p data-testid="document-name" className="truncate font-medium text-sm" title={name}>
          {name}
        </p>
        <p className="text-xs opacity-80">
          {typeLabel(fileName)}
          {size !== null && ` · ${formatFileSize(size)}`}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void download()}
        disabled={isLoading}
        aria-label={`Baixar ${name}`}
        title="Baixar"
        className="flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-current disabled:opacity-60 dark:hover:bg-white/15"
      >
        {isLoading ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Download aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}
