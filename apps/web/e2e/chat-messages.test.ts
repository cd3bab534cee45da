import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, postInbound } from './support/api';
import { signIn, VIEWPORTS } from './support/browser';
import { repoRoot } from './support/server-env';
import { adminBrowserSuite } from './support/suite';

/**
 * The chat's messages in a real browser (real server, simulated WhatsApp): attachments go through a
 * preview with a caption and come back as media with their names; the AI's and a person's bubbles
 * differ and their metadata reads at WCAG AA in light and dark; WhatsApp's formatting renders; the
 * emoji picker searches in Portuguese without leaving our origin.
 */

const suite = adminBrowserSuite();
let seq = 0;

function customer(label: string) {
  seq += 1;
  const suffix = `${Date.now() % 1_000_000}`.padStart(6, '0');
  return { phone: `55118${String(seq).padStart(2, '0')}${suffix}`, name: `${label} ${suffix}${seq}` };
}

const row = (page: Page, name: string) => page.getByTestId('conversation-row').filter({ hasText: name });
const bubbles = (page: Page) => page.getByTestId('message-bubble');

/** POLISH_SCREENSHOTS=1 saves the attachment preview under docs/screenshots/polish. */
const shots = process.env.POLISH_SCREENSHOTS === '1' ? join(repoRoot, 'docs/screenshots/polish') : null;
async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** The OS scheme, once the app (theme "system") has followed it. */
async function themed(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
  // Colours ease over 150 ms (transition-colors): let them settle before a screenshot.
  await page.waitForTimeout(300);
}

async function openChat(page: Page, who: { name: string }) {
  await signIn(page, '/conversations', suite.admin);
  await row(page, who.name).click();
  await page.getByTestId('chat-title').filter({ hasText: who.name }).waitFor();
}

/** A real PNG drawn by the browser (the server checks a file's bytes). */
async function pngOf(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 160;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('sem canvas');
    context.fillStyle = '#4f46e5';
    context.fillRect(0, 0, 240, 160);
    context.fillStyle = '#fbbf24';
    context.beginPath();
    context.arc(120, 80, 50, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

const PDF = Buffer.from(`%PDF-1.4\n1 0 obj<<>>endobj\n${'% catálogo\n'.repeat(12_000)}trailer<<>>\n%%EOF\n`);

/** Drops a file on the message list as a browser would (dragover then drop, with its DataTransfer). */
async function dropFile(page: Page, name: string, type: string, bytes: Buffer) {
  await page.getByTestId('message-list').evaluate(
    (target, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, {
          type: file.type,
        }),
      );
      target.dispatchEvent(
        new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }),
      );
      target.dispatchEvent(
        new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }),
      );
    },
    { name, type, base64: bytes.toString('base64') },
  );
}

describe('chat messages', () => {
  it('attachments: a preview with caption (button, drop, paste), then media with their names, never "[Documento: …]"', async () => {
    const who = customer('Anexos');
    for (let i = 1; i <= 14; i++)
      await postInbound(suite.admin.token, { ...who, text: `Mensagem ${i} do cliente` });
    const page = await suite.open();
    await openChat(page, who);
    const list = page.getByTestId('message-list');
    await bubbles(page).filter({ hasText: 'Mensagem 14 do cliente' }).waitFor();
    const png = await pngOf(page);

    // Scrolled up to read older messages: what is sent is scrolled to all the same.
    await list.evaluate((el) => {
      el.scrollTop = 0;
      el.dispatchEvent(new Event('scroll'));
    });

    // The button: a photo waits in the preview with its thumbnail, name and size, and a caption.
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'camiseta.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByTestId('attachment-preview');
    await preview.waitFor();
    await preview.getByTestId('attachment-thumbnail').waitFor();
    expect(await preview.getByTestId('attachment-name').textContent()).toBe('camiseta.png');
    expect(await preview.getByTestId('attachment-size').textContent()).toMatch(/^\d+(,\d)? (KB|bytes)$/);
    await preview.getByRole('textbox', { name: 'Legenda' }).fill('A *camiseta* azul');
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await themed(page, scheme);
        await preview.scrollIntoViewIfNeeded();
        await shot(page, `attachment-preview-image-${viewport}-${scheme}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await themed(page, 'light');
    await preview.getByRole('button', { name: 'Enviar' }).click();
    const photo = bubbles(page).filter({ has: page.getByRole('img', { name: 'Imagem: camiseta.png' }) });
    await photo.waitFor();
    expect(await photo.getByTestId('message-content').locator('strong').textContent()).toBe('camiseta');
    await expect
      .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
      .toBeLessThan(80);

    // A document dropped on the chat: the same preview, then a card with its name and size.
    await dropFile(page, 'catalogo de verao.pdf', 'application/pdf', PDF);
    await preview.waitFor();
    expect(await preview.getByTestId('attachment-name').textContent()).toBe('catalogo de verao.pdf');
    expect(await preview.getByTestId('attachment-size').textContent()).toMatch(/^\d+(,\d)? KB$/);
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await themed(page, scheme);
        await shot(page, `attachment-preview-document-${viewport}-${scheme}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await themed(page, 'light');
    await preview.getByRole('button', { name: 'Enviar' }).click();
    const card = bubbles(page)
      .filter({ has: page.getByTestId('document-card') })
      .last();
    await card.waitFor();
    expect(await card.getByTestId('document-name').textContent()).toBe('catalogo de verao.pdf');
    expect(await card.getByTestId('document-card').textContent()).toMatch(/PDF · \d+(,\d)? KB/);
    expect(await card.textContent()).not.toContain('[Documento');
    // The list row: an icon and "Documento: …", never the stored "[Documento: …]".
    const preview1 = row(page, who.name).getByTestId('last-message-media');
    await expect.poll(() => preview1.textContent()).toBe('Documento: catalogo de verao.pdf');
    expect(await row(page, who.name).textContent()).not.toContain('[Documento');
    // The customer received the file itself.
    await expect
      .poll(async () => {
        const out = await apiFetch<{ data: { text: string }[] }>(`/simulator/outbox?phone=${who.phone}`, {
          token: suite.admin.token,
        });
        return out.body.data.some((item) => item.text.includes('📎 Documento: catalogo de verao.pdf'));
      })
      .toBe(true);

    // A pasted screenshot is attached too; Cancelar drops it unsent.
    await page.getByRole('textbox', { name: 'Mensagem' }).evaluate((box, base64) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'image.png', { type: 'image/png' }),
      );
      box.dispatchEvent(
        new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: transfer }),
      );
    }, png.toString('base64'));
    await preview.getByTestId('attachment-thumbnail').waitFor();
    await preview.getByRole('button', { name: 'Cancelar' }).click();
    await preview.waitFor({ state: 'detached' });

    // WhatsApp's limits before any upload.
    await page.getByTestId('file-input').setInputFiles({
      name: 'video.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.alloc(16 * 1024 * 1024 + 1),
    });
    await page
      .getByText('Vídeo muito grande: o WhatsApp aceita vídeos de até 16 MB.', { exact: true })
      .waitFor();
    expect(await preview.count()).toBe(0);
  });

  it("AI and person bubbles differ, and every bubble's metadata reads at WCAG AA in light and dark", async () => {
    const who = customer('Contraste');
    const sent = await postInbound(suite.admin.token, {
      ...who,
      text: 'Qual é o prazo para trocar um produto?',
    });
    const page = await suite.open();
    await openChat(page, who);
    await page.locator('[data-tone="ai"]').first().waitFor({ timeout: 15_000 });
    const reply = await apiFetch(`/conversations/${sent.conversationId}/messages`, {
      method: 'POST',
      token: suite.admin.token,
      body: { message: 'Oi! Aqui é a equipe, posso ajudar com a troca.' },
    });
    expect(reply.status).toBe(200);
    await page.locator('[data-tone="person"]').first().waitFor();

    const ai = page.locator('[data-tone="ai"]').first();
    const person = page.locator('[data-tone="person"]').first();
    expect(await ai.getByTestId('ai-mark').textContent()).toBe('IA');
    expect(await person.getByTestId('ai-mark').count()).toBe(0);
    const background = (locator: typeof ai) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(ai)).not.toBe(await background(person));

    for (const scheme of ['light', 'dark'] as const) {
      await themed(page, scheme);
      const ratios = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = 1;
        canvas.height = 1;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (!context) throw new Error('sem canvas');
        /** Paints colours one over another (alpha composited by the canvas) and reads the sRGB result. */
        const paint = (layers: { color: string; alpha?: number }[]) => {
          context.globalAlpha = 1;
          context.fillStyle = '#fff';
          context.fillRect(0, 0, 1, 1);
          for (const layer of layers) {
            context.globalAlpha = layer.alpha ?? 1;
            context.fillStyle = layer.color;
            context.fillRect(0, 0, 1, 1);
          }
          return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
        };
        const luminance = (rgb: number[]) => {
          const [r = 0, g = 0, b = 0] = rgb.map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const contrast = (a: number[], b: number[]) => {
          const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
          return (hi + 0.05) / (lo + 0.05);
        };
        /** The backgrounds under an element, outermost first, and the opacity it is drawn with. */
        const under = (el: Element) => {
          const layers: { color: string }[] = [];
          let opacity = 1;
          for (let node: Element | null = el; node; node = node.parentElement) {
            const style = getComputedStyle(node);
            opacity *= Number(style.opacity);
            if (style.backgroundColor !== 'rgba(0, 0, 0, 0)')
              layers.unshift({ color: style.backgroundColor });
          }
          return { layers, opacity };
        };
        const measure = (el: Element) => {
          const { layers, opacity } = under(el);
          const back = paint(layers);
          const text = paint([...layers, { color: getComputedStyle(el).color, alpha: opacity }]);
          return Math.round(contrast(text, back) * 100) / 100;
        };
        const result: Record<string, number> = {};
        for (const body of document.querySelectorAll('[data-testid="bubble-body"]')) {
          const tone = (body as HTMLElement).dataset.tone ?? '?';
          const parts = {
            sender: body.querySelector('[data-testid="sender-label"]'),
            time: body.querySelector('[data-testid="bubble-footer"] time'),
            ticks: body.querySelector('[data-testid="bubble-footer"] svg[role="img"]'),
            confidence: body.querySelector('[data-testid="confidence"]'),
          };
          for (const [part, el] of Object.entries(parts)) {
            if (!el) continue;
            const key = `${tone}.${part}`;
            result[key] = Math.min(result[key] ?? Number.POSITIVE_INFINITY, measure(el));
          }
        }
        return result;
      });
      expect(Object.keys(ratios)).toEqual(
        expect.arrayContaining([
          'client.sender',
          'client.time',
          'ai.sender',
          'ai.time',
          'ai.ticks',
          'person.time',
          'person.ticks',
        ]),
      );
      for (const [part, ratio] of Object.entries(ratios)) {
        expect(ratio, `${scheme} ${part} = ${ratio}:1`).toBeGreaterThanOrEqual(4.5);
      }
      // biome-ignore lint/suspicious/noConsole: the measured ratios, for the record of a run
      console.log(`contrast (${scheme}):`, JSON.stringify(ratios));
      for (const viewport of ['desktop', 'phone'] as const) {
        await page.setViewportSize(VIEWPORTS[viewport]);
        await person.scrollIntoViewIfNeeded();
        await shot(page, `bubbles-ai-person-${viewport}-${scheme}`);
      }
      await page.setViewportSize(VIEWPORTS.desktop);
    }
  });

  it("renders the customer's WhatsApp formatting and links safely", async () => {
    const who = customer('Formatos');
    await postInbound(suite.admin.token, {
      ...who,
      text: '*Pedido 42* _chegou_ ~errado~ ```ABC-1``` veja https://loja.example/p/42 ou javascript:alert(1) <b>oi</b>',
    });
    const page = await suite.open();
    await openChat(page, who);
    const content = bubbles(page).filter({ hasText: 'Pedido 42' }).first().getByTestId('message-content');
    await content.waitFor();
    await shot(page, 'formatting-desktop-light');
    expect(await content.locator('strong').textContent()).toBe('Pedido 42');
    expect(await content.locator('em').textContent()).toBe('chegou');
    expect(await content.locator('s').textContent()).toBe('errado');
    expect(await content.locator('[data-format="mono"]').textContent()).toBe('ABC-1');
    const links = content.locator('a');
    expect(await links.count()).toBe(1);
    expect(await links.getAttribute('href')).toBe('https://loja.example/p/42');
    expect(await links.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await links.getAttribute('target')).toBe('_blank');
    expect(await content.locator('b').count()).toBe(0);
    expect(await content.textContent()).toContain('<b>oi</b>');
  });

  it('the emoji picker searches in Portuguese, inserts at the caret and loads nothing from outside', async () => {
    const who = customer('Emoji');
    await postInbound(suite.admin.token, { ...who, text: 'Oi!' });
    const page = await suite.open();
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await openChat(page, who);
    const box = page.getByRole('textbox', { name: 'Mensagem' });
    await box.fill('Olá mundo');
    await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
    await page.getByRole('button', { name: 'Emojis' }).click();
    const picker = page.getByRole('dialog', { name: 'Escolher emoji' });
    const search = picker.getByRole('searchbox', { name: 'Buscar emoji' });
    await search.fill('coração');
    // The picker's hidden sizer row holds placeholder buttons: only the grid's cells are emoji.
    const hearts = picker.getByRole('gridcell');
    await hearts.first().waitFor();
    // The search filters on the next idle moment: wait for its results.
    await expect.poll(() => hearts.first().getAttribute('aria-label')).toMatch(/coração/i);
    expect(await hearts.count()).toBeGreaterThan(3);
    for (const scheme of ['light', 'dark'] as const) {
      await themed(page, scheme);
      await shot(page, `emoji-picker-desktop-${scheme}`);
    }
    await themed(page, 'light');
    const heart = (await hearts.first().textContent()) ?? '';
    await hearts.first().click();
    expect(await box.inputValue()).toBe(`Olá ${heart}mundo`);
    await search.fill('xyzzy');
    await picker.getByText('Nenhum emoji encontrado').waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect([...origins]).toEqual([new URL(page.url()).origin]);
  });
});
