import type { ChannelKindInfo, Inbox, WhatsappStatus } from '@atende/contracts';

/** Inboxes, their states and the server's kind list, as the inbox tests' API answers them. */

export function status(overrides: Partial<WhatsappStatus> = {}): WhatsappStatus {
  return {
    connected: false,
    qr: null,
    state: 'disconnected',
    channel: 'simulator',
    phone: null,
    pairingCode: null,
    reason: null,
    ...overrides,
  };
}

export const CONNECTED = status({ connected: true, state: 'connected', phone: '5511900000001' });

export function inbox(overrides: Partial<Inbox> = {}): Inbox {
  return {
    id: 'default',
    kind: 'simulator',
    name: 'Atendimento',
    phone: '5511900000001',
    status: CONNECTED,
    agentEnabled: true,
    operatorAccess: 'all',
    memberIds: [],
    autoAssign: false,
    assignCapacity: 10,
    sla: { firstResponseMinutes: null, resolutionMinutes: null },
    settings: {},
    primary: true,
    installed: true,
    createdAt: '2026-01-01T10:00:00.000Z',
    removedAt: null,
    ...overrides,
  };
}

export const KINDS: ChannelKindInfo[] = [
  {
    kind: 'simulator',
    label: 'Simulador',
    description: 'Um WhatsApp de mentira para testar.',
    installed: true,
    pairing: 'qr',
    fields: [],
  },
  {
    kind: 'whatsapp-web',
    label: 'WhatsApp Web',
    description: 'Aparelho conectado.',
    installed: false,
    pairing: 'qr-or-code',
    fields: [],
  },
  {
    kind: 'cloud-api',
    label: 'WhatsApp Cloud API',
    description: 'A API oficial.',
    installed: true,
    pairing: 'none',
    fields: [
      {
        key: 'phoneNumberId',
        label: 'ID do número',
        type: 'text',
        required: true,
        placeholder: '1234567890',
        help: null,
      },
      {
        key: 'accessToken',
        label: 'Token de acesso',
        type: 'secret',
        required: true,
        placeholder: null,
        help: null,
      },
      {
        key: 'maxPerSecond',
        label: 'Envios por segundo',
        type: 'number',
        required: false,
        placeholder: '20',
        help: null,
      },
    ],
  },
];
