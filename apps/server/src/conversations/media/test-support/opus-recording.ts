import {
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  OggOutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';
import OpusScript from 'opusscript';

const SAMPLE_RATE = 48_000;
/** 20 ms, the frame WhatsApp's and Chromium's recorders use. */
const FRAME = 960;

/**
 * Real Opus packets of a tone (libopus through opusscript): `seconds` long, mono, 48 kHz. What a
 * microphone would give, without a microphone or a checked-in file.
 */
export function opusPackets(seconds = 1.5, hz = 440): Uint8Array[] {
  const encoder = new OpusScript(SAMPLE_RATE, 1, OpusScript.Application.VOIP);
  try {
    const packets: Uint8Array[] = [];
    const frames = Math.round((seconds * SAMPLE_RATE) / FRAME);
    for (let f = 0; f < frames; f++) {
      const pcm = new Int16Array(FRAME);
      for (let i = 0; i < FRAME; i++) {
        const t = (f * FRAME + i) / SAMPLE_RATE;
        pcm[i] = Math.round(Math.sin(2 * Math.PI * hz * t) * 8000);
      }
      packets.push(new Uint8Array(encoder.encode(Buffer.from(pcm.buffer), FRAME)));
    }
    return packets;
  } finally {
    encoder.delete();
  }
}

/** The packets back to PCM samples (mono), to check a file carries audio that plays. */
export function decodeOpus(packets: Uint8Array[]): number {
  const decoder = new OpusScript(SAMPLE_RATE, 1, OpusScript.Application.VOIP);
  try {
    let samples = 0;
    for (const packet of packets) samples += decoder.decode(Buffer.from(packet)).length / 2;
    return samples;
  } finally {
    decoder.delete();
  }
}

/** The Opus identification header (RFC 7845 §5.1): mono, libopus's 312-sample pre-skip, 48 kHz. */
function opusHead(): Uint8Array {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(SAMPLE_RATE, 12);
  return new Uint8Array(head);
}

/** The packets in a container: WebM (what Chromium's MediaRecorder makes) or Ogg (a WhatsApp voice note). */
async function mux(container: 'webm' | 'ogg', packets: Uint8Array[]): Promise<Uint8Array> {
  const output = new Output({
    format: container === 'webm' ? new WebMOutputFormat() : new OggOutputFormat(),
    target: new BufferTarget(),
  });
  const source = new EncodedAudioPacketSource('opus');
  output.addAudioTrack(source);
  await output.start();
  const frameSeconds = FRAME / SAMPLE_RATE;
  for (const [index, data] of packets.entries()) {
    const packet = new EncodedPacket(data, 'key', index * frameSeconds, frameSeconds);
    await source.add(
      packet,
      index === 0
        ? {
            decoderConfig: {
              codec: 'opus',
              sampleRate: SAMPLE_RATE,
              numberOfChannels: 1,
              description: opusHead(),
            },
          }
        : undefined,
    );
  }
  await output.finalize();
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('no output');
  return new Uint8Array(buffer);
}

/** A recording as Chromium's MediaRecorder makes it: `audio/webm;codecs=opus`. */
export const webmOpusRecording = (seconds = 1.5) => mux('webm', opusPackets(seconds));

/** A voice note as WhatsApp sends it: Ogg/Opus. */
export const oggOpusVoiceNote = (seconds = 1.5) => mux('ogg', opusPackets(seconds));
