import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { mediaDb } from './media.table.js';
import { createMediaStore, MEDIA_TYPE_REFUSED, mediaIdFromUrl, UPLOAD_MAX_BYTES } from './media-store.js';
import { samples } from './test-support/media-samples.js';

const streamed = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describeEachDatabase('media store', (kind) => {
  const ctx = useTestApp(kind);
  const dir = mkdtempSync(join(tmpdir(), 'atende-media-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = () => createMediaStore({ db: ctx.app.db, dir, maxBytes: 64 * 1024 });

  it('saves the bytes with the detected type and reads them back', async () => {
    const saved = await store().save({
      bytes: samples.png,
      declaredMimeType: 'image/jpeg',
      fileName: '../../foto.png',
    });
    expect(saved).toMatchObject({
      mimeType: 'image/png',
      size: samples.png.byteLength,
      fileName: 'foto.png',
    });
    expect(saved.url).toBe(`/api/media/${saved.id}`);
    expect(mediaIdFromUrl(saved.url)).toBe(saved.id);
    const opened = await store().open(saved.id);
    expect(opened).toMatchObject({ id: saved.id, mimeType: 'image/png', fileName: 'foto.png' });
    expect(new Uint8Array(await streamed(opened!.stream()))).toEqual(samples.png);
    // On disk under the configured folder, never at a path the sender chose.
    const onDisk = join(dir, saved.id.slice(-2), saved.id);
    expect(readFileSync(onDisk)).toEqual(Buffer.from(samples.png));
  });

  it('refuses files over the limit and types it does not keep, leaving nothing behind', async () => {
    const before = await mediaDb(ctx.app.db).selectFrom('media').select('id').execute();
    const big = new Uint8Array(64 * 1024 + 1);
    big.set(samples.png);
    await expect(store().save({ bytes: big })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Arquivo muito grande. Tamanho máximo: 0,1 MB',
    });
    await expect(
      createMediaStore({ db: ctx.app.db, dir }).save({ bytes: big, maxBytes: UPLOAD_MAX_BYTES }),
    ).resolves.toMatchObject({ mimeType: 'image/png' });
    await expect(
      store().save({ bytes: samples.elf, declaredMimeType: 'application/pdf' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: MEDIA_TYPE_REFUSED,
    });
    await expect(store().save({ bytes: new Uint8Array(0) })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const after = await mediaDb(ctx.app.db).selectFrom('media').select('id').execute();
    expect(after.length).toBe(before.length + 1);
    const files = readdirSync(dir, { recursive: true }).map(String);
    expect(files.filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('remove deletes the record and the file, and is idempotent', async () => {
    const saved = await store().save({ bytes: samples.pdf, fileName: 'boleto.pdf' });
    const onDisk = join(dir, saved.id.slice(-2), saved.id);
    expect(existsSync(onDisk)).toBe(true);
    expect(await store().remove(saved.id)).toBe(true);
    expect(existsSync(onDisk)).toBe(false);
    expect(await store().open(saved.id)).toBeNull();
    expect(await store().remove(saved.id)).toBe(false);
    expect(await store().open('../../etc/passwd')).toBeNull();
  });

  it('a record whose file is gone is reported missing', async () => {
    const saved = await store().save({ bytes: samples.jpeg });
    rmSync(join(dir, saved.id.slice(-2), saved.id));
    expect(await store().open(saved.id)).toBeNull();
  });
});
