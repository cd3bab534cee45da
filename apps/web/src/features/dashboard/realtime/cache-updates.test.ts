import type { Activity, WhatsappStatus } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyWhatsappDisconnected,
  applyWhatsappQr,
  applyWhatsappReady,
  prependActivity,
} from './cache-updates';

const activity = (n: number): Activity => ({
  id: `a${n}`,
  type: 'conversation',
  title: `Atividade ${n}`,
  description: 'Nova conversa',
  timestamp: new Date(2025, 0, 1, 10, n).toISOString(),
});

const status: WhatsappStatus = {
  connected: false,
  qr: null,
  state: 'disconnected',
  channel: 'simulator',
  phone: null,
  pairingCode: null,
};

describe('prependActivity', () => {
  it('puts the new activity first', () => {
    const list = prependActivity([activity(1), activity(2)], activity(3));
    expect(list.map((a) => a.id)).toEqual(['a3', 'a1', 'a2']);
  });

  it('caps the list at 10, dropping the oldest', () => {
    const ten = Array.from({ length: 10 }, (_, i) => activity(i));
    const list = prependActivity(ten, activity(99));
    expect(list).toHaveLength(10);
    expect(list[0]?.id).toBe('a99');
    expect(list.at(-1)?.id).toBe('a8');
  });

  it('starts a list when the cache is empty and ignores a replayed id', () => {
    expect(prependActivity(undefined, activity(1))).toEqual([activity(1)]);
    const list = prependActivity([activity(1), activity(2)], activity(2));
    expect(list.map((a) => a.id)).toEqual(['a2', 'a1']);
  });
});

describe('WhatsApp status events', () => {
  it('a QR event shows the QR and marks the channel as waiting', () => {
    expect(applyWhatsappQr(status, 'code-123')).toMatchObject({
      connected: false,
      state: 'qr',
      qr: 'code-123',
    });
  });

  it('a ready event sets connected and clears the QR', () => {
    const waiting = { ...status, state: 'qr' as const, qr: 'x', pairingCode: 'x' };
    expect(applyWhatsappReady(waiting, '+5511999990000')).toEqual({
      ...status,
      connected: true,
      state: 'connected',
      qr: null,
      pairingCode: null,
      phone: '+5511999990000',
    });
  });

  it('a disconnect event sets disconnected', () => {
    const connected = { ...status, connected: true, state: 'connected' as const, phone: '+55' };
    expect(applyWhatsappDisconnected(connected)).toMatchObject({ connected: false, state: 'disconnected' });
  });

  it('leaves an empty cache alone (the status call will fill it)', () => {
    expect(applyWhatsappReady(undefined, null)).toBeUndefined();
  });
});
