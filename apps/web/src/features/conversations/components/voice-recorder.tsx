import { Loader2, Mic, Send, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '@/lib/cn';
import { useSendVoiceNote } from '../api/send-voice-note';
import { useAudioRecorder } from '../hooks/use-audio-recorder';
import { notify } from '../hooks/use-notify';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The composer's microphone: records a voice note (a timer while it runs), then sends it or throws
 * it away. The customer receives it as a WhatsApp voice note, whatever the channel.
 */
export function VoiceRecorder({
  conversationId,
  replyTo,
  disabled,
  buttonClass,
  onSent,
}: {
  conversationId: string | null;
  replyTo: string | null;
  disabled: boolean;
  buttonClass: string;
  onSent?: () => void;
}) {
  const send = useSendVoiceNote();
  const finishing = useRef(false);
  const recorder = useAudioRecorder(() => void finish());

  async function finish() {
    if (finishing.current || !conversationId) return;
    finishing.current = true;
    try {
      const recording = await recorder.finish();
      if (!recording) {
        notify.error('Nada foi gravado. Tente de novo.');
        return;
      }
      await send.mutateAsync({ conversationId, recording, replyTo });
      onSent?.();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Não foi possível enviar a mensagem de voz');
    } finally {
      finishing.current = false;
    }
  }

  if (recorder.state === 'recording' || send.isPending) {
    return (
      <div
        data-testid="voice-recorder"
        className="flex shrink-0 items-center gap-1 rounded-lg bg-red-50 py-1 pr-1 pl-2 text-red-700 dark:bg-red-500/15 dark:text-red-300"
      >
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-red-600 dark:bg-red-400" />
        <span
          role="timer"
          aria-label="Tempo de gravação"
          className="w-10 text-center font-medium text-sm tabular-nums"
        >
          {clock(recorder.seconds)}
        </span>
        <button
          type="button"
          aria-label="Descartar gravação"
          title="Descartar"
          disabled={send.isPending}
          onClick={recorder.cancel}
          className={cn(
            buttonClass,
            'size-9 text-red-700 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-500/20',
          )}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          aria-label="Enviar mensagem de voz"
          title="Enviar mensagem de voz"
          disabled={send.isPending}
          onClick={() => void finish()}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:opacity-60"
        >
          {send.isPending ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
    );
  }

  return (
    <button
      type="button"
      aria-label="Gravar áudio"
      title="Gravar mensagem de voz"
      disabled={disabled || recorder.state === 'starting'}
      onClick={() => void recorder.start()}
      className={buttonClass}
    >
      <Mic aria-hidden="true" className="size-5" />
    </button>
  );
}
