import { describe, expect, it } from 'vitest';
import { detectMediaType } from './media-type.js';
import { samples } from './test-support/media-samples.js';

describe('detectMediaType', () => {
  it('finds the type from the bytes, whatever the sender declared', async () => {
    expect(await detectMediaType(samples.png, 'application/pdf')).toEqual({
      mimeType: 'image/png',
      inline: true,
    });
    expect(await detectMediaType(samples.jpeg)).toEqual({ mimeType: 'image/jpeg', inline: true });
    expect(await detectMediaType(samples.pdf, 'image/png')).toEqual({
      mimeType: 'application/pdf',
      inline: false,
    });
    expect(await detectMediaType(samples.oggOpus)).toMatchObject({
      mimeType: expect.stringMatching(/^audio\/ogg/),
    });
  });

  it('accepts plain text only when declared as text and valid UTF-8 without NULs', async () => {
    const text = new TextEncoder().encode('Olá, segue o pedido nº 12\n');
    expect(await detectMediaType(text, 'text/plain')).toEqual({
      mimeType: 'text/plain; charset=utf-8',
      inline: false,
    });
    expect(await detectMediaType(text, undefined, 'pedido.txt')).not.toBeNull();
    expect(await detectMediaType(text)).toBeNull();
    expect(await detectMediaType(new Uint8Array([0x61, 0, 0x62]), 'text/plain')).toBeNull();
    expect(await detectMediaType(new Uint8Array([0x61, 0xc3, 0x28]), 'text/plain')).toBeNull();
  });

  it('refuses what we do not keep, whatever it claims to be', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(await detectMediaType(html, 'image/png')).toBeNull();
    expect(await detectMediaType(html, 'text/html', 'x.html')).toBeNull();
    expect(await detectMediaType(samples.elf, 'application/pdf')).toBeNull();
  });

  it('keeps a zip and office files as downloads, never inline', async () => {
    expect(await detectMediaType(samples.zip, 'application/pdf')).toBeNull();
    expect(await detectMediaType(samples.wholeZip, 'application/pdf')).toEqual({
      mimeType: 'application/zip',
      inline: false,
    });
    const csv = new TextEncoder().encode('pedido;valor\n1234;89,90\n');
    expect(await detectMediaType(csv, 'text/csv', 'pedidos.csv')).toEqual({
      mimeType: 'text/plain; charset=utf-8',
      inline: false,
    });
  });
});
