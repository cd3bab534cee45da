import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_ERRORS,
  attachmentKind,
  formatFileSize,
  mediaPlaceholder,
  validateAttachment,
} from './attachment';
import { ACTION_BAR_EMOJI, BUBBLE_PICKER_EMOJI, COMPOSER_EMOJI, QUICK_REPLIES } from './constants';
import { confidencePercent, forwardText, senderLabel } from './message-text';
import { applyAgentReaction, cleanReactions, nextReaction } from './reactions';
import { safeMediaUrl } from './safe-url';

const origin = 'https://painel.example';

describe('safeMediaUrl', () => {
  it('allows http(s) and our own origin only', () => {
    expect(safeMediaUrl('https://cdn.example/a.png', origin)).toBe('https://cdn.example/a.png');
    expect(safeMediaUrl('http://cdn.example/a.png', origin)).toBe('http://cdn.example/a.png');
    expect(safeMediaUrl('/media/a.pdf', origin)).toBe('https://painel.example/media/a.pdf');
    expect(safeMediaUrl('javascript:alert(1)', origin)).toBeNull();
    expect(safeMediaUrl(' JAVASCRIPT:alert(1)', origin)).toBeNull();
    expect(safeMediaUrl('data:text/html,<script>alert(1)</script>', origin)).toBeNull();
    expect(safeMediaUrl('vbscript:x', origin)).toBeNull();
    expect(safeMediaUrl('', origin)).toBeNull();
    expect(safeMediaUrl(null, origin)).toBeNull();
  });
});

describe('attachments', () => {
  const MB = 1024 * 1024;
  it("checks WhatsApp's limit per kind before uploading: images 5 MB, video and audio 16 MB, documents 100 MB", () => {
    expect(validateAttachment({ name: 'foto.png', size: 5 * MB, type: 'image/png' })).toBeNull();
    expect(validateAttachment({ name: 'foto.png', size: 5 * MB + 1, type: 'image/png' })).toBe(
      'Imagem muito grande: o WhatsApp aceita imagens de até 5 MB.',
    );
    expect(validateAttachment({ name: 'v.mp4', size: 16 * MB, type: 'video/mp4' })).toBeNull();
    expect(validateAttachment({ name: 'v.mp4', size: 16 * MB + 1, type: 'video/mp4' })).toBe(
      'Vídeo muito grande: o WhatsApp aceita vídeos de até 16 MB.',
    );
    expect(validateAttachment({ name: 'a.ogg', size: 16 * MB + 1, type: 'audio/ogg' })).toBe(
      'Áudio muito grande: o WhatsApp aceita áudios de até 16 MB.',
    );
    expect(validateAttachment({ name: 'catalogo.pdf', size: 100 * MB, type: 'application/pdf' })).toBeNull();
    expect(validateAttachment({ name: 'catalogo.pdf', size: 100 * MB + 1, type: 'application/pdf' })).toBe(
      'Documento muito grande: o WhatsApp aceita documentos de até 100 MB.',
    );
    expect(validateAttachment({ name: 'vazio.pdf', size: 0, type: 'application/pdf' })).toBe(
      ATTACHMENT_ERRORS.empty,
    );
  });

  it('accepts spreadsheets and the common office files by name, whatever type the browser guessed', () => {
    for (const name of [
      'planilha.xlsx',
      'antiga.XLS',
      'pedidos.csv',
      'contrato.docx',
      'carta.doc',
      'apresentacao.pptx',
      'texto.odt',
      'tabela.ods',
      'nota.pdf',
      'leia-me.txt',
      'fotos.zip',
    ]) {
      expect(attachmentKind({ name, type: '' }), name).toBe('document');
      expect(validateAttachment({ name, size: 1, type: 'application/octet-stream' }), name).toBeNull();
    }
    for (const name of ['programa.exe', 'pagina.html', 'script.js', 'sem-extensao']) {
      expect(validateAttachment({ name, size: 1, type: 'application/octet-stream' }), name).toBe(
        ATTACHMENT_ERRORS.badType,
      );
    }
    expect(ATTACHMENT_ACCEPT).toContain('.xlsx');
    expect(ATTACHMENT_ACCEPT).toContain('.zip');
  });

  it('writes sizes the Brazilian way', () => {
    expect(formatFileSize(820)).toBe('820 bytes');
    expect(formatFileSize(12.5 * 1024)).toBe('12,5 KB');
    expect(formatFileSize(1.2 * MB)).toBe('1,2 MB');
    expect(formatFileSize(100 * MB)).toBe('100 MB');
  });

  it('reads a media placeholder, and only one', () => {
    expect(mediaPlaceholder('[Documento: nota.pdf]')).toEqual({ label: 'Documento', fileName: 'nota.pdf' });
    expect(mediaPlaceholder('[Imagem]')).toEqual({ label: 'Imagem', fileName: null });
    expect(mediaPlaceholder('[Documento: nota.pdf] e mais')).toBeNull();
    expect(mediaPlaceholder('Segue o [Documento: x]')).toBeNull();
  });
});

describe('reactions', () => {
  it('removes our reaction when clicked again, otherwise sends the emoji', () => {
    const reactions = { '👍': { senders: [{ sender: 'agent' as const }] } };
    expect(nextReaction(reactions, '👍')).toBeNull();
    expect(nextReaction(reactions, '❤️')).toBe('❤️');
  });

  it('keeps one agent reaction and drops emoji without senders', () => {
    const start = { '👍': { senders: [{ sender: 'agent' as const }, { sender: 'client' as const }] } };
    expect(applyAgentReaction(start, '❤️')).toEqual({
      '👍': { senders: [{ sender: 'client' }] },
      '❤️': { senders: [{ sender: 'agent' }] },
    });
    expect(applyAgentReaction({ '👍': { senders: [{ sender: 'agent' }] } }, null)).toEqual({});
    expect(cleanReactions({ '😂': { senders: [] }, '👍': { senders: [{ sender: 'client' }] } })).toEqual({
      '👍': { senders: [{ sender: 'client' }] },
    });
  });
});

describe('message text', () => {
  it('labels senders with (IA) for AI messages', () => {
    expect(senderLabel({ sender: 'client', aiGenerated: false })).toBe('Cliente');
    expect(senderLabel({ sender: 'agent', aiGenerated: true })).toBe('Agente (IA)');
    expect(senderLabel({ sender: 'admin', aiGenerated: false })).toBe('Admin');
  });

  it('rounds confidence and builds forwards', () => {
    expect(confidencePercent(0.876)).toBe('88%');
    expect(forwardText({ content: 'Oi', sender: 'client' }, 'Maria')).toContain('Oi');
  });

  it('has the emoji sets and quick replies', () => {
    expect(ACTION_BAR_EMOJI).toHaveLength(9);
    expect(BUBBLE_PICKER_EMOJI).toHaveLength(15);
    expect(COMPOSER_EMOJI).toHaveLength(16);
    expect(QUICK_REPLIES).toHaveLength(4);
    expect(new Set(COMPOSER_EMOJI).size).toBe(16);
    expect(new Set(BUBBLE_PICKER_EMOJI).size).toBe(15);
  });
});
