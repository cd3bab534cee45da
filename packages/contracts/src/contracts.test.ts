import { describe, expect, it } from 'vitest';
import {
  accessControlSchema,
  adminConfigInputSchema,
  adminConfigSchema,
  agentConfigInputSchema,
  agentConfigSchema,
  auditFieldLabel,
  auditTargetLabel,
  conversationStatusLabel,
  listConversationsQuerySchema,
  loginRequestSchema,
  messageSchema,
  reactRequestSchema,
  securityConfigSchema,
  sendMessageRequestSchema,
  simulatorInboundRequestSchema,
  updateClientRequestSchema,
  updateUserRequestSchema,
  whatsappCloudConfigSchema,
} from './index.js';

describe('sendMessageRequestSchema', () => {
  it('trims the text and defaults the type to text', () => {
    expect(sendMessageRequestSchema.parse({ message: '  olá  ' })).toEqual({ message: 'olá', type: 'text' });
  });

  it('rejects blank and over-long messages', () => {
    expect(sendMessageRequestSchema.safeParse({ message: '   ' }).success).toBe(false);
    expect(sendMessageRequestSchema.safeParse({ message: 'a'.repeat(4097) }).success).toBe(false);
    expect(sendMessageRequestSchema.safeParse({ message: 'a'.repeat(4096) }).success).toBe(true);
  });
});

describe('reactRequestSchema', () => {
  it('takes an emoji, or null to remove', () => {
    expect(reactRequestSchema.parse({ emoji: '👍' })).toEqual({ emoji: '👍' });
    expect(reactRequestSchema.parse({ emoji: null })).toEqual({ emoji: null });
    expect(reactRequestSchema.safeParse({}).success).toBe(false);
    expect(reactRequestSchema.safeParse({ emoji: '' }).success).toBe(false);
  });
});

describe('messageSchema reactions', () => {
  it('maps each emoji to { senders: [{ sender }] }', () => {
    const message = {
      id: 'm1',
      conversationId: 'c1',
      sender: 'client',
      content: 'oi',
      type: 'text',
      timestamp: '2026-11-22T10:00:00.000Z',
      aiGenerated: false,
      confidenceScore: null,
      mediaUrl: null,
      mediaMimeType: null,
      replyTo: null,
      reactions: { '❤️': { senders: [{ sender: 'client' }, { sender: 'agent' }] } },
      status: 'delivered',
      authorName: null,
      evidence: [],
    };
    expect(messageSchema.parse(message).reactions['❤️']?.senders).toHaveLength(2);
    const bad = { ...message, reactions: { '❤️': { senders: [{ sender: 'robot' }] } } };
    expect(messageSchema.safeParse(bad).success).toBe(false);
  });
});

describe('loginRequestSchema', () => {
  it('normalises the e-mail and defaults remember to false', () => {
    expect(loginRequestSchema.parse({ email: ' Admin@Atende.Local ', password: 'x' })).toEqual({
      email: 'admin@atende.local',
      password: 'x',
      remember: false,
    });
  });

  it('gives pt-BR messages', () => {
    const result = loginRequestSchema.safeParse({ email: 'nope', password: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('E-mail inválido');
    expect(messages).toContain('Senha obrigatória');
  });
});

describe('listConversationsQuerySchema', () => {
  it('coerces paging and splits tags', () => {
    expect(listConversationsQuerySchema.parse({ limit: '20', tags: 'vip, venda,,' })).toEqual({
      status: 'all',
      limit: 20,
      tags: ['vip', 'venda'],
    });
  });

  it('rejects unknown statuses and absurd limits', () => {
    expect(listConversationsQuerySchema.safeParse({ status: 'deleted' }).success).toBe(false);
    expect(listConversationsQuerySchema.safeParse({ limit: '100000' }).success).toBe(false);
  });
});

describe('settings input schemas', () => {
  it('are strict: extra fields are refused (no mass assignment)', () => {
    expect(agentConfigInputSchema.safeParse({ confidenceThreshold: 0.5, role: 'admin' }).success).toBe(false);
    expect(adminConfigInputSchema.safeParse({ isAdmin: true }).success).toBe(false);
  });

  it('fill every default', () => {
    const config = agentConfigSchema.parse({});
    expect(config.confidenceThreshold).toBeGreaterThan(0);
    expect(config.handoffKeywords).toContain('atendente');
  });

  it('take a secret to set, null to clear, nothing to keep', () => {
    expect(adminConfigInputSchema.parse({ aiApiKey: 'sk-123' }).aiApiKey).toBe('sk-123');
    expect(adminConfigInputSchema.parse({ aiApiKey: null }).aiApiKey).toBeNull();
    expect('aiApiKey' in adminConfigInputSchema.parse({})).toBe(false);
  });
});

describe('simulatorInboundRequestSchema', () => {
  it('validates the phone and the text', () => {
    expect(simulatorInboundRequestSchema.safeParse({ phone: '5511987654321', text: 'Oi' }).success).toBe(
      true,
    );
    expect(simulatorInboundRequestSchema.safeParse({ phone: 'abc', text: 'Oi' }).success).toBe(false);
    expect(simulatorInboundRequestSchema.safeParse({ phone: '5511987654321', text: ' ' }).success).toBe(
      false,
    );
  });
});

describe('conversation status labels', () => {
  it('names the stored statuses in pt-BR and anything else, built-in names included, as Inativo', () => {
    expect(['active', 'completed', 'finished', 'paused', 'abandoned'].map(conversationStatusLabel)).toEqual([
      'Ativa',
      'Finalizada',
      'Finalizada',
      'Pausada',
      'Abandonada',
    ]);
    for (const odd of ['constructor', '__proto__', 'toString', 'arquivada']) {
      expect(conversationStatusLabel(odd)).toBe('Inativo');
    }
  });
});

describe('audit labels', () => {
  it('names every field a settings screen, a client or a user edit can change in pt-BR', () => {
    const schemas = [
      agentConfigSchema,
      accessControlSchema,
      adminConfigSchema,
      securityConfigSchema,
      whatsappCloudConfigSchema,
      updateClientRequestSchema,
      updateUserRequestSchema,
    ];
    const fields = schemas.flatMap((schema) => Object.keys(schema.shape)).filter((f) => f !== 'labelIds');
    expect(fields.filter((field) => auditFieldLabel(field) === field)).toEqual([]);
    expect(auditTargetLabel('settings', 'admin-config')).toBe('Configurações › Administração');
    expect(auditTargetLabel('client', 'c-1')).toBe('Cliente');
  });
});
