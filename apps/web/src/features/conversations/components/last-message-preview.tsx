import { FileText, Image, MapPin, Mic, Sticker, Video } from 'lucide-react';
import { mediaPlaceholder } from '../lib/attachment';

const ICONS = {
  Imagem: Image,
  Vídeo: Video,
  Áudio: Mic,
  'Mensagem de voz': Mic,
  Figurinha: Sticker,
  Documento: FileText,
  Localização: MapPin,
} as const;

/**
 * A conversation's last message in its list row: a file without caption reads as an icon and
 * "Documento: nota.pdf", never the stored "[Documento: nota.pdf]"; anything else as written.
 */
export function LastMessagePreview({ text }: { text: string | null }) {
  if (!text) return <>Nenhuma mensagem</>;
  const placeholder = mediaPlaceholder(text);
  if (!placeholder) return <>{text}</>;
  const Icon = ICONS[placeholder.label as keyof typeof ICONS] ?? FileText;
  return (
    <span data-testid="last-message-media" className="inline-flex min-w-0 items-center gap-1 align-bottom">
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="truncate">
        {placeholder.fileName ? `${placeholder.label}: ${placeholder.fileName}` : placeholder.label}
      </span>
    </span>
  );
}
