import type { WebhookDelivery, WebhookEndpoint } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { deliveryState, endpointState } from './endpoint-state';

const NOW = new Date('2026-05-18T15:00:00.000Z');

function endpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'e1',
    url: 'https://n8n.loja.com.br/webhook/atende',
    description: '',
    events: ['message.received'],
    enabled: true,
    disabledReason: null,
    failingSince: null,
    secretHint: 'whsec_…AbCd',
    createdAt: '2026-05-01T12:00:00.000Z',
    lastDelivery: null,
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'd1',
    eventType: 'message.received',
    status: 'delivered',
    attempts: 1,
    responseStatus: 200,
    error: null,
    createdAt: '2026-05-18T14:00:00.000Z',
    lastAttemptAt: '2026-05-18T14:00:01.000Z',
    nextAttemptAt: null,
    durationMs: 40,
    ...overrides,
  };
}

describe('endpointState', () => {
  it('an active endpoint says how its last delivery went', () => {
    expect(endpointState(endpoint(), NOW)).toEqual({
      tone: 'success',
      label: 'Ativo',
      detail: 'Nenhuma entrega ainda.',
    });
    expect(
      endpointState(endpoint({ lastDelivery: { status: 'delivered', at: '2026-05-18T14:55:00.000Z' } }), NOW)
        .detail,
    ).toBe('Última entrega: entregue há 5 min.');
    expect(
      endpointState(endpoint({ lastDelivery: { status: 'failed', at: '2026-05-02T14:55:00.000Z' } }), NOW)
        .detail,
    ).toBe('Última entrega: falhou em 02/05.');
  });

  it('a failing endpoint warns since when, before it is turned off', () => {
    const state = endpointState(endpoint({ failingSince: '2026-05-18T12:30:00.000Z' }), NOW);
    expect(state.tone).toBe('warning');
    expect(state.label).toBe('Com falhas');
    expect(state.detail).toMatch(/^As entregas falham desde 18\/05\/2026 às \d{2}:30\. Após 24 h/);
  });

  it('tells an endpoint turned off after a day of failures from one an admin turned off, with why', () => {
    const byServer = endpointState(
      endpoint({
        enabled: false,
        failingSince: '2026-05-17T12:00:00.000Z',
        disabledReason: 'Desativado automaticamente: todas as entregas falharam por mais de 24 horas',
      }),
      NOW,
    );
    expect(byServer).toEqual({
      tone: 'error',
      label: 'Desativado após falhas',
      detail: 'Desativado automaticamente: todas as entregas falharam por mais de 24 horas',
    });
    const byAdmin = endpointState(
      endpoint({ enabled: false, disabledReason: 'Desativado por um administrador' }),
      NOW,
    );
    expect(byAdmin).toMatchObject({ tone: 'gray', label: 'Desativado' });
  });
});

describe('deliveryState', () => {
  it('names queued, retrying, delivered and failed deliveries', () => {
    expect(deliveryState(delivery({ status: 'pending', attempts: 0 }))).toEqual({
      tone: 'info',
      label: 'Na fila',
    });
    expect(deliveryState(delivery({ status: 'pending', attempts: 2 }))).toEqual({
      tone: 'warning',
      label: 'Nova tentativa',
    });
    expect(deliveryState(delivery())).toEqual({ tone: 'success', label: 'Entregue' });
    expect(deliveryState(delivery({ status: 'failed' }))).toEqual({ tone: 'error', label: 'Falhou' });
  });
});
