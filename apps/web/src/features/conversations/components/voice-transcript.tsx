import type { Message } from '@atende/contracts';
import { AudioLines, Loader2 } from 'lucide-react';

/**
 * Under a customer's voice note: what the speech-to-text provider heard, "Transcrevendo…" while it
 * works, or that it could not. Nothing for other messages, or when transcription was off.
 */
export function VoiceTranscript({
  message,
}: {
  message: Pick<Message, 'type' | 'transcript' | 'transcriptStatus'>;
}) {
  if (message.type !== 'audio' || !message.transcriptStatus) return null;
  if (message.transcriptStatus === 'pending') {
    return (
      <p
        data-testid="voice-transcript"
        data-status="pending"
        className="mt-1 flex items-center gap-1.5 text-xs italic opacity-75"
      >
        <Loader2 aria-hidden="true" className="size-3 animate-spin" />
        Transcrevendo áudio…
      </p>
    );
  }
  if (message.transcriptStatus === 'failed' || !message.transcript) {
    return (
      <p data-testid="voice-transcript" data-status="failed" className="mt-1 text-xs italic opacity-75">
        Não foi possível transcrever este áudio
      </p>
    );
  }
  return (
    <figure data-testid="voice-transcript" data-status="done" className="mt-1.5 max-w-72 text-sm">
      <figcaption className="flex items-center gap-1 font-medium text-[11px] uppercase tracking-wide opacity-70">
        <AudioLines aria-hidden="true" className="size-3" />
        Transcrição
      </figcaption>
      <blockquote className="mt-0.5 whitespace-pre-wrap break-words border-current/30 border-l-2 pl-2 leading-relaxed">
        {message.transcript}
      </blockquote>
    </figure>
  );
}
