import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bearer, createAndLogin, DATABASE_KINDS, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { now } from '../../lib/clock.js';
import { samples } from '../media/test-support/media-samples.js';

for (const kind of DATABASE_KINDS) {
  describe(`an operator sends a file [${kind}]`, () => {
    const ctx = useTestApp(kind);
    let token = '';
    let conversationId = '';
    const phone = '5511977001122';

    const upload = (body: Uint8Array | string, query: string, type = 'application/octet-stream') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/media?${query}`,
        headers: { ...bearer(token), 'content-type': type },
        payload: Buffer.from(body),
      });
    const runSends = async () => {
      await ctx.app.db.updateTable('jobs').set({ run_at: now() }).where('status', '=', 'pending').execute();
      await ctx.app.domain.jobs.drain();
      // What the first round handed on (an agent's reply, a retried send) runs in the next.
      await ctx.app.db.updateTable('jobs').set({ run_at: now() }).where('status', '=', 'pending').execute();
      await ctx.app.domain.jobs.drain();
    };

    it('stores it, shows it in the chat and sends it through the channel with its caption', async () => {
      token = (await createAndLogin(ctx.app)).token;
      await pairSimulator(ctx.app, token);
      const inbound = await api(ctx.app, token).post('/api/simulator/inbound', { phone, text: 'Tem foto?' });
      conversationId = inbound.body.data.conversationId;

      const sent = await upload(samples.png, 'fileName=camiseta.png&caption=Esta%20aqui', 'image/png');
      expect(sent.statusCode).toBe(200);
      expect(sent.json().data).toMatchObject({
        type: 'image',
        content: 'Esta aqui',
        mediaMimeType: 'image/png',
        mediaUrl: expect.stringMatching(/^\/api\/media\//),
      });
      const file = await ctx.app.inject({
        method: 'GET',
        url: sent.json().data.mediaUrl,
        headers: bearer(token),
      });
      expect(file.headers['content-type']).toBe('image/png');

      // A text file keeps its bytes (no JSON or text parsing of the body).
      const note = await upload('Pedido 1234: 2 camisetas M\n', 'fileName=nota.txt', 'text/plain');
      expect(note.json().data).toMatchObject({
        type: 'document',
        mediaMimeType: 'text/plain; charset=utf-8',
      });
      const document = await upload(samples.pdf, 'fileName=orcamento.pdf');
      expect(document.json().data).toMatchObject({
        type: 'document',
        content: '[Documento: orcamento.pdf]',
        mediaFileName: 'orcamento.pdf',
        mediaSize: samples.pdf.byteLength,
      });
      // A document may weigh up to WhatsApp's 100 MB (more than an image's 5 MB); a zip of them too.
      const bigPdf = Buffer.alloc(12 * 1024 * 1024, 0x20);
      bigPdf.set(samples.pdf);
      const big = await upload(bigPdf, 'fileName=catalogo.pdf', 'application/pdf');
      expect(big.statusCode).toBe(200);
      expect(big.json().data).toMatchObject({ type: 'document', mediaSize: bigPdf.byteLength });
      const zip = await upload(samples.wholeZip, 'fileName=fotos.zip', 'application/zip');
      expect(zip.json().data).toMatchObject({ type: 'document', mediaMimeType: 'application/zip' });
      const detail = await api(ctx.app, token).get(`/api/conversations/${conversationId}`);
      const listed = (
        detail.body.data.messages as Array<{ mediaFileName?: string; mediaSize?: number }>
      ).find((m) => m.mediaFileName === 'orcamento.pdf');
      expect(listed?.mediaSize).toBe(samples.pdf.byteLength);
      await runSends();
      // The runner's own loop may hold a send meanwhile: wait for what the customer received.
      const received = async () =>
        (
          (await api(ctx.app, token).get(`/api/simulator/outbox?phone=${phone}`)).body.data as Array<{
            text: string;
          }>
        ).map((item) => item.text);
      await expect.poll(received).toContain('📎 Documento: orcamento.pdf');
      expect(await received()).toContain('📎 Imagem: camiseta.png\nEsta aqui');
      const statuses = async () =>
        (
          await ctx.app.db
            .selectFrom('messages')
            .select('status')
            .where('conversation_id', '=', conversationId)
            .where('media_url', 'is not', null)
            .execute()
        ).map((row) => row.status);
      await expect.poll(statuses).toEqual(Array(5).fill('delivered'));
    });

    it('refuses what cannot be sent, in pt-BR, and leaves nothing behind', async () => {
      const files = () =>
        readdirSync(ctx.app.config.mediaDir, { recursive: true, withFileTypes: true }).filter((e) =>
          e.isFile(),
        ).length;
      const messages = async () =>
        (
          await ctx.app.db
            .selectFrom('messages')
            .select('id')
            .where('conversation_id', '=', conversationId)
            .execute()
        ).length;
      const [filesBefore, messagesBefore] = [files(), await messages()];
      const empty = await upload('', 'fileName=vazio.png');
      expect(empty.statusCode).toBe(400);
      const executable = await upload(samples.elf, 'fileName=programa');
      expect(executable.statusCode).toBe(400);
      expect(executable.json().success).toBe(false);
      const longCaption = await upload(samples.png, `fileName=a.png&caption=${'x'.repeat(1025)}`);
      expect(longCaption.statusCode).toBe(400);
      expect(longCaption.json().message).toContain('A legenda pode ter até 1.024 caracteres');
      // WhatsApp's limit per kind: an image over 5 MB is refused by its detected type.
      const bigImage = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
      bigImage.set(samples.png);
      const tooLarge = await upload(bigImage, 'fileName=grande.png', 'image/png');
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({
        success: false,
        message: 'Imagem muito grande: o WhatsApp aceita imagens de até 5 MB.',
      });
      const unknownReply = await upload(
        samples.png,
        'fileName=a.png&replyTo=00000000-0000-7000-8000-000000000000',
      );
      expect(unknownReply.statusCode).toBe(400);
      expect([files(), await messages()]).toEqual([filesBefore, messagesBefore]);
    });
  });
}
