import { useEffect, useRef, useState } from 'react';
import { notify } from './use-notify';

export const AUDIO_MESSAGES = {
  unsupported: 'Gravação de áudio não suportada neste navegador',
  denied: 'Erro ao acessar microfone. Verifique as permissões.',
  comingSoon: 'Envio de áudio em breve! A gravação ainda não é enviada.',
} as const;

const EXPECTED_REFUSALS = new Set(['NotAllowedError', 'SecurityError', 'NotFoundError']);

function isExpectedRefusal(error: unknown): boolean {
  return error instanceof DOMException && EXPECTED_REFUSALS.has(error.name);
}

/** Microphone flow: asks for the microphone; stopping says sending audio is coming soon. */
export function useAudioRecorder() {
  const [isRecording, setRecording] = useState(false);
  const stream = useRef<MediaStream | null>(null);

  const stopTracks = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  };
  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  const toggle = async () => {
    if (isRecording) {
      stopTracks();
      setRecording(false);
      notify.info(AUDIO_MESSAGES.comingSoon);
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      notify.error(AUDIO_MESSAGES.unsupported);
      return;
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
      setRecording(true);
    } catch (error) {
      // Refused permission or no microphone are expected answers: the toast says it all.
      if (!isExpectedRefusal(error)) console.error('Microfone indisponível', error);
      notify.error(AUDIO_MESSAGES.denied);
    }
  };

  return { isRecording, toggle };
}
