import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input, OGG } from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { detectMediaType } from './media-type.js';
import { samples } from './test-support/media-samples.js';
import {
  decodeOpus,
  oggOpusVoiceNote,
  opusPackets,
  webmOpusRecording,
} from './test-support/opus-recording.js';
import { toVoiceNote, VOICE_NOTE_MIME_TYPE } from './voice-note.js';

/** The Opus packets of a file, read back with mediabunny's own demuxer. */
async function packetsOf(bytes: Uint8Array) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track) throw new Error('no audio track');
    const packets: Uint8Array[] = [];
    for await (const packet of new EncodedPacketSink(track).packets()) packets.push(packet.data);
    return { format: await input.getFormat(), codec: track.codec, packets };
  } finally {
    input.dispose();
  }
}

describe('voice notes: WebM (as Chromium records) to Ogg/Opus (as WhatsApp plays)', () => {
  it('moves the same Opus packets into Ogg, without re-encoding, and the result plays', async () => {
    const webm = await webmOpusRecording(1.5);
    expect(Buffer.from(webm.subarray(0, 4)).toString('hex')).toBe('1a45dfa3'); // EBML: a WebM file
    const note = await toVoiceNote(webm);
    expect(note).not.toBeNull();
    if (!note) return;
    expect(note.mimeType).toBe(VOICE_NOTE_MIME_TYPE);
    expect(note.seconds).toBeCloseTo(1.5, 1);
    // An Ogg page whose first packet is the Opus identification header.
    expect(Buffer.from(note.bytes.subarray(0, 4)).toString('latin1')).toBe('OggS');
    expect(Buffer.from(note.bytes.subarray(28, 36)).toString('latin1')).toBe('OpusHead');
    expect((await detectMediaType(note.bytes))?.mimeType).toBe('audio/ogg; codecs=opus');

    const source = await packetsOf(webm);
    const remuxed = await packetsOf(note.bytes);
    expect(remuxed.format).toBe(OGG);
    expect(remuxed.codec).toBe('opus');
    expect(remuxed.packets.length).toBe(source.packets.length);
    expect(remuxed.packets.map((p) => Buffer.from(p).toString('hex'))).toEqual(
      source.packets.map((p) => Buffer.from(p).toString('hex')),
    );
    // libopus decodes them back to 1.5 s of 48 kHz audio.
    expect(decodeOpus(remuxed.packets)).toBe(Math.round(1.5 * 50) * 960);
  });

  it('keeps an Ogg/Opus file as it is', async () => {
    const ogg = await oggOpusVoiceNote(1);
    const note = await toVoiceNote(ogg);
    expect(note?.bytes).toBe(ogg);
    expect(note?.seconds).toBeGreaterThan(0.9);
  });

  it('refuses what is not Opus audio: an image, a PNG called .webm, random bytes, a truncated WebM', async () => {
    const webm = await webmOpusRecording(1);
    for (const bytes of [
      samples.png,
      samples.pdf,
      new Uint8Array(2048).fill(7),
      webm.subarray(0, 40),
      new Uint8Array(0),
    ]) {
      expect(await toVoiceNote(bytes)).toBeNull();
    }
  });

  it('the encoder the tests use makes real Opus: 20 ms packets of a tone, decoded to as many samples', () => {
    const packets = opusPackets(0.4);
    expect(packets).toHaveLength(20);
    expect(decodeOpus(packets)).toBe(20 * 960);
  });
});
