/**
 * The alert's sound, made here with the Web Audio API (no audio file to download): two short soft
 * tones, rising, that say "someone needs you" without startling.
 */
export function playAlertSound(): void {
  try {
    const audio = new AudioContext();
    const start = audio.currentTime;
    const tone = (frequency: number, at: number) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.28);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + 0.3);
      return oscillator;
    };
    tone(660, 0);
    tone(880, 0.16).onended = () => void audio.close();
  } catch (error) {
    console.warn('Não foi possível tocar o alerta', error);
  }
}
