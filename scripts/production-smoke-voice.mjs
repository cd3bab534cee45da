// The voice-note part of `npm run test:production`: a real Opus recording (libopus through opusscript,
// muxed by mediabunny, both from the repository's own install, not the pruned clone's) in Ogg — as a
// customer's phone sends it — and in WebM — as Chromium records it —, and a local OpenAI-compatible
// speech-to-text server that answers a fixed transcript.
import { createServer } from 'node:http';
import {
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  OggOutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';
import OpusScript from 'opusscript';

const RATE = 48_000;
const FRAME = 960;

function opusHead() {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(RATE, 12);
  return new Uint8Array(head);
}

/** `seconds` of a 440 Hz tone, Opus-encoded, in Ogg or WebM. */
export async function voiceRecording(container, seconds = 2) {
  const encoder = new OpusScript(RATE, 1, OpusScript.Application.VOIP);
  const output = new Output({
    format: container === 'webm' ? new WebMOutputFormat() : new OggOutputFormat(),
    target: new BufferTarget(),
  });
  const source = new EncodedAudioPacketSource('opus');
  output.addAudioTrack(source);
  await output.start();
  try {
    const frames = Math.round((seconds * RATE) / FRAME);
    for (let f = 0; f < frames; f++) {
      const pcm = new Int16Array(FRAME);
      for (let i = 0; i < FRAME; i++)
        pcm[i] = Math.round(Math.sin((2 * Math.PI * 440 * (f * FRAME + i)) / RATE) * 8000);
      const data = new Uint8Array(encoder.encode(Buffer.from(pcm.buffer), FRAME));
      await source.add(
        new EncodedPacket(data, 'key', (f * FRAME) / RATE, FRAME / RATE),
        f === 0
          ? {
              decoderConfig: {
                codec: 'opus',
                sampleRate: RATE,
                numberOfChannels: 1,
                description: opusHead(),
              },
            }
          : undefined,
      );
    }
  } finally {
    encoder.delete();
  }
  await output.finalize();
  return Buffer.from(output.target.buffer);
}

/** `POST /v1/audio/transcriptions` answering `text` for every file; counts what it was sent. */
export async function startFakeTranscription(text) {
  const received = [];
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const file = form.get('file');
    received.push({ model: form.get('model'), bytes: file instanceof File ? file.size : 0 });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ text }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
