import { describe, expect, it } from 'vitest';
import { simulatorInboundRequestSchema } from './simulator.js';

/** The first page of an Ogg/Opus file: "OggS", the page header, then the OpusHead packet. */
function oggOpusHead(): string {
  const bytes = new Uint8Array(47);
  bytes.set(new TextEncoder().encode('OggS'), 0);
  bytes[26] = 1;
  bytes[27] = 19;
  bytes.set(new TextEncoder().encode('OpusHead'), 28);
  return btoa(String.fromCharCode(...bytes));
}

describe('simulatorInboundRequestSchema', () => {
  const base = { phone: '5511977001002', text: '[Áudio]' };

  it("takes a customer's voice note that starts as Ogg/Opus", () => {
    expect(simulatorInboundRequestSchema.safeParse({ ...base, audio: oggOpusHead() }).success).toBe(true);
  });

  it('refuses audio that is not Ogg/Opus with a pt-BR message, so no download job can only fail', () => {
    for (const audio of [btoa('constructor'), btoa('x'.repeat(60)), 'AAAA']) {
      const parsed = simulatorInboundRequestSchema.safeParse({ ...base, audio });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Áudio inválido: envie uma nota de voz Ogg/Opus');
    }
  });
});
