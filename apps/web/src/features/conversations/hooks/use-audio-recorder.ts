import { VOICE_NOTE_MAX_SECONDS } from '@atende/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from './use-notify';

export const AUDIO_MESSAGES = {
  unsupported: 'Gravação de áudio não suportada neste navegador',
  denied: 'Erro ao acessar microfone. Verifique as permissões.',
  failed: 'Não foi possível gravar o áudio. Tente de novo.',
} as const;

const EXPECTED_REFUSALS = new Set(['NotAllowedError', 'SecurityError', 'NotFoundError']);

function isExpectedRefusal(error: unknown): boolean {
  return error instanceof DOMException && EXPECTED_REFUSALS.has(error.name);
}

/**
 * Opus is what WhatsApp plays as a voice note: Chromium records it in WebM, Firefox in Ogg (the server
 * moves WebM's packets into Ogg). Anything else is left to the browser's default.
 */
function opusType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'].find((type) =>
    MediaRecorder.isTypeSupported(type),
  );
}

export type RecorderState = 'idle' | 'starting' | 'recording';

/**
 * The microphone, recorded with MediaRecorder: `start` asks for it, `finish` answers the recording
 * (null when there was nothing), `cancel` drops it. Stops by itself at the longest voice note.
 */
export function useAudioRecorder(onLimit?: () => void) {
  const [state, setState] = useState<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const startedAt = useRef(0);
  const limitReached = useRef(onLimit);
  limitReached.current = onLimit;

  const release = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    recorder.current = null;
  }, []);
  useEffect(() => release, [release]);

  const start = async () => {
    if (state !== 'idle') return;
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      notify.error(AUDIO_MESSAGES.unsupported);
      return;
    }
    setState('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
      const mimeType = opusType();
      const media = new MediaRecorder(stream.current, mimeType ? { mimeType } : undefined);
      chunks.current = [];
      media.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.current.push(event.data);
      };
      media.start(250);
      recorder.current = media;
      startedAt.current = Date.now();
      setSeconds(0);
      timer.current = setInterval(() => {
        const elapsed = Math.floor((Date.now() - startedAt.current) / 1000);
        setSeconds(elapsed);
        if (elapsed >= VOICE_NOTE_MAX_SECONDS) limitReached.current?.();
      }, 250);
      setState('recording');
    } catch (error) {
      release();
      setState('idle');
      // Refused permission or no microphone are expected answers: the toast says it all.
      if (!isExpectedRefusal(error)) console.error('Microfone indisponível', error);
      notify.error(AUDIO_MESSAGES.denied);
    }
  };

  /** Stops and answers what was recorded (null when nothing was). */
  const finish = async (): Promise<Blob | null> => {
    const media = recorder.current;
    if (!media) return null;
    const done = new Promise<void>((resolve) => {
      media.onstop = () => resolve();
    });
    if (media.state !== 'inactive') media.stop();
    await done;
    release();
    setState('idle');
    const blob = new Blob(chunks.current, { type: media.mimeType || 'audio/webm' });
    chunks.current = [];
    return blob.size > 0 ? blob : null;
  };

  const cancel = () => {
    const media = recorder.current;
    if (media && media.state !== 'inactive') media.stop();
    chunks.current = [];
    release();
    setState('idle');
  };

  return { state, seconds, start, finish, cancel };
}
