import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ERRORS, validateAttachment } from './attachment';
import { ACTION_BAR_EMOJI, BUBBLE_PICKER_EMOJI, COMPOSER_EMOJI, QUICK_REPLIES } from './constants';
import { callLink, confidencePercent, forwardText, senderLabel } from './message-text';
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
  it('accepts up to 10 MB of the allowed types', () => {
    expect(validateAttachment({ size: 10 * 1024 * 1024, type: 'image/png' })).toBeNull();
    expect(validateAttachment({ size: 1, type: 'application/pdf' })).toBeNull();
    expect(validateAttachment({ size: 1, type: 'text/plain' })).toBeNull();
    expect(validateAttachment({ size: 1, type: 'audio/ogg' })).toBeNull();
    expect(validateAttachment({ size: 1, type: 'video/mp4' })).toBeNull();
    expect(validateAttachment({ size: 10 * 1024 * 1024 + 1, type: 'image/png' })).toBe(
      ATTACHMENT_ERRORS.tooLarge,
    );
    expect(validateAttachment({ size: 1, type: 'application/zip' })).toBe(ATTACHMENT_ERRORS.badType);
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

  it('rounds confidence and builds call links and forwards', () => {
    expect(confidencePercent(0.876)).toBe('88%');
    expect(callLink('+55 (11) 99999-0001', 'voice')).toMatch(/^https:\/\/wa\.me\/5511999990001\?text=/);
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
