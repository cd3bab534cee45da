import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  Input,
  OGG,
  OggOutputFormat,
  Output,
} from 'mediabunny';

/** What WhatsApp plays as a voice note (the PTT bubble): Opus in an Ogg container. */
export const VOICE_NOTE_MIME_TYPE = 'audio/ogg; codecs=opus';

export interface VoiceNote {
  bytes: Uint8Array;
  mimeType: typeof VOICE_NOTE_MIME_TYPE;
  /** Length of the recording in seconds (from the packets' timestamps). */
  seconds: number;
}

/** The Opus identification header (RFC 7845 §5.1) of a mono or stereo stream, without pre-skip. */
function opusHead(channels: number, inputSampleRate: number): Uint8Array {
  const head = new Uint8Array(19);
  head.set(new TextEncoder().encode('OpusHead'));
  const view = new DataView(head.buffer);
  view.setUint8(8, 1);
  view.setUint8(9, channels);
  view.setUint32(12, inputSampleRate, true);
  return head;
}

/**
 * A recording as WhatsApp wants a voice note: Opus audio, in Ogg. A browser's recording (Chromium:
 * `audio/webm;codecs=opus`) is remuxed, never re-encoded: the same Opus packets move from the WebM
 * container to an Ogg one (Ogg/Opus headers and granule positions written by mediabunny). Ogg/Opus
 * passes as it is. Null when the file is not Opus audio (nothing here can transcode).
 */
export async function toVoiceNote(bytes: Uint8Array): Promise<VoiceNote | null> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const format = await input.getFormat().catch(() => null);
    if (!format) return null;
    const track = await input.getPrimaryAudioTrack();
    if (track?.codec !== 'opus') return null;
    const seconds = await track.computeDuration();
    if (format === OGG) return { bytes, mimeType: VOICE_NOTE_MIME_TYPE, seconds };

    const config = await track.getDecoderConfig();
    if (!config) return null;
    // Ogg needs the OpusHead; a WebM without one (no CodecPrivate) gets the plain header for its layout.
    const decoderConfig = config.description
      ? config
      : { ...config, description: opusHead(config.numberOfChannels, config.sampleRate) };
    const output = new Output({ format: new OggOutputFormat(), target: new BufferTarget() });
    const source = new EncodedAudioPacketSource('opus');
    output.addAudioTrack(source);
    await output.start();
    let first = true;
    for await (const packet of new EncodedPacketSink(track).packets()) {
      await source.add(packet, first ? { decoderConfig } : undefined);
      first = false;
    }
    if (first) return null;
    await output.finalize();
    const buffer = output.target.buffer;
    if (!buffer) return null;
    return { bytes: new Uint8Array(buffer), mimeType: VOICE_NOTE_MIME_TYPE, seconds };
  } catch {
    // A truncated or malformed container: not a recording we can send as a voice note.
    return null;
  } finally {
    input.dispose();
  }
}
