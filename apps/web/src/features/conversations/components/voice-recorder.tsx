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
    // Over the whole input row (as WhatsApp does): a phone keeps room for the timer and both buttons.
    return (
      <div
        data-testid="voice-recorder"
        className="absolute inset-0 z-10 flex items-center gap-2 rounded-lg bg-white pl-2 dark:bg-slate-900"
      >
        <span
          aria-hidden="true"
          className="size-2.5 shrink-0 animate-pulse rounded-full bg-red-600 dark:bg-red-400"
        />
        <span className="min-w-0 truncate text-red-700 text-sm dark:text-red-300">
          {send.isPending ? 'Enviando mensagem de voz…' : 'Gravando'}
        </span>
        <span
          role="timer"
          aria-label="Tempo de gravação"
          className="font-medium text-slate-700 text-sm tabular-nums dark:text-slate-200"
        >
          {clock(recorder.seconds)}
        </span>
        <button
          type="button"
          aria-label="Descartar gravação"
          title="Descartar"
          disabled={send.isPending}
          onClick={recorder.cancel}
          className={cn(buttonClass, 'ml-auto size-10 sm:size-10')}
        >
          <Trash2 aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-label="Enviar mensagem de voz"
          title="Enviar mensagem de voz"
          disabled={send.isPending}
          onClick={() => void finish()}
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 focus-visible:outline-offset-2 disabled:opacity-60"
        >
          {send.isPending ? (
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-5" />
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
