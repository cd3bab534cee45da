import { CAPTION_MAX_CHARS } from '@atende/contracts';
import { FileArchive, FileAudio, FileSpreadsheet, FileText, FileVideo, Loader2, Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { attachmentKind, formatFileSize } from '../lib/attachment';

interface Props {
  file: File;
  caption: string;
  onCaptionChange: (caption: string) => void;
  onCancel: () => void;
  onSend: () => void;
  isSending: boolean;
}

/** The counter shows once a caption nears WhatsApp's limit. */
const COUNTER_FROM = CAPTION_MAX_CHARS - 200;

function fileIcon(file: File) {
  const kind = attachmentKind(file);
  if (kind === 'video') return FileVideo;
  if (kind === 'audio') return FileAudio;
  if (/\.(xlsx?|csv|ods)$/i.test(file.name)) return FileSpreadsheet;
  if (/\.zip$/i.test(file.name)) return FileArchive;
  return FileText;
}

/**
 * A file about to be sent: its thumbnail (an image) or icon, name and size, and a caption, with
 * Cancelar and Enviar. Nothing is uploaded until Enviar.
 */
export function AttachmentPreview({ file, caption, onCaptionChange, onCancel, onSend, isSending }: Props) {
  const isImage = attachmentKind(file) === 'image';
  const [thumbnail, setThumbnail] = useState<string | null>(null);
  const captionId = useId();
  useEffect(() => {
    if (!isImage) return;
    const url = URL.createObjectURL(file);
    setThumbnail(url);
    return () => URL.revokeObjectURL(url);
  }, [file, isImage]);
  const Icon = fileIcon(file);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!isSending) onSend();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <section
      data-testid="attachment-preview"
      aria-label="Anexo a enviar"
      className="mb-2 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/70"
    >
      <div className="flex items-center gap-3">
        {isImage && thumbnail ? (
          <img
            src={thumbnail}
            alt={`Prévia de ${file.name}`}
            data-testid="attachment-thumbnail"
            className="size-16 shrink-0 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
          />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-white text-indigo-700 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-indigo-300 dark:ring-slate-700">
            <Icon aria-hidden="true" className="size-8" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p
            data-testid="attachment-name"
            className="truncate font-medium text-slate-900 text-sm dark:text-slate-100"
            title={file.name}
          >
            {file.name}
          </p>
          <p data-testid="attachment-size" className="text-slate-600 text-xs dark:text-slate-300">
            {formatFileSize(file.size)}
          </p>
        </div>
      </div>
      <label htmlFor={captionId} className="sr-only">
        Legenda
      </label>
      <textarea
        id={captionId}
        value={caption}
        onChange={(e) => onCaptionChange(e.target.value.slice(0, CAPTION_MAX_CHARS))}
        onKeyDown={onKeyDown}
        maxLength={CAPTION_MAX_CHARS}
        rows={1}
        // biome-ignore lint/a11y/noAutofocus: the caption is what the operator types next
        autoFocus
        placeholder="Adicione uma legenda..."
        className="field-sizing-content mt-3 block max-h-28 min-h-10 w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <div className="mt-2 flex items-center justify-end gap-2">
        {caption.length >= COUNTER_FROM && (
          <span
            data-testid="caption-counter"
            className={cn(
              'mr-auto text-xs tabular-nums',
              caption.length >= CAPTION_MAX_CHARS
                ? 'font-semibold text-red-700 dark:text-red-300'
                : 'text-slate-600 dark:text-slate-300',
            )}
          >
            {formatNumber(caption.length)}/{formatNumber(CAPTION_MAX_CHARS)}
          </span>
        )}
        <button
          type="button"
          onClick={onCancel}
          className="h-9 rounded-lg px-3 font-medium text-slate-700 text-sm hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-200 dark:hover:bg-slate-700"
        >
          Cancelar
        </button>
        <button
          type="button"
          onClick={onSend}
          disabled={isSending}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-indigo-600 px-3 font-medium text-sm text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:opacity-60"
        >
          {isSending ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          Enviar
        </button>
      </div>
    </section>
  );
}
