import type { ChannelSink, ChannelStatus } from '@atende/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelStateRepository } from '../channel-state.repository.js';
import { type HeldChannel, LeasedChannel } from './leased-channel.js';

const STATUS: ChannelStatus = {
  connected: false,
  qr: null,
  state: 'connecting',
  channel: 'whatsapp-web',
  phone: null,
  pairingCode: null,
};

/** A lease nobody else holds, counting the attempts. */
function freeLease() {
  const attempts: number[] = [];
  const lease = {
    acquireLease: async () => {
      attempts.push(Date.now());
      return { epoch: 1 };
    },
    releaseLease: async () => {},
    publishStatus: async () => {},
    readPublished: async () => ({ status: null, live: false }),
    takeCommand: async () => null,
  } as unknown as ChannelStateRepository;
  return { lease, attempts };
}

const sink = { onStatus: () => {} } as unknown as ChannelSink;
const inner = (): HeldChannel =>
  ({
    kind: 'whatsapp-web',
    status: () => STATUS,
    start: async () => {},
    stop: async () => {},
    reconnect: async () => {},
    logout: async () => {},
    sendText: async () => {},
    sendReaction: async () => {},
  }) as HeldChannel;

describe('numbers spread over a cluster', () => {
  it('a process holding no number takes a free one at once', async () => {
    const { lease, attempts } = freeLease();
    const channel = new LeasedChannel(() => inner(), lease, sink, {
      pollMs: 40,
      ttlMs: 1_000,
      busy: () => 0,
    });
    await channel.start();
    expect(attempts).toHaveLength(1);
    expect(channel.isHolder()).toBe(true);
    await channel.stop();
  });

  it('a process already holding two waits two polls, so another instance gets there first', async () => {
    const { lease, attempts } = freeLease();
    const channel = new LeasedChannel(() => inner(), lease, sink, {
      pollMs: 40,
      ttlMs: 1_000,
      busy: () => 2,
    });
    await channel.start();
    expect(attempts).toHaveLength(0);
    expect(channel.isHolder()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 40 * 2 + 60));
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(channel.isHolder()).toBe(true);
    await channel.stop();
  });
});

describe('only the holder speaks for the number', () => {
  it("a process without the lease, at start or after losing it, tells nothing and shows the holder's status", async () => {
    let granted = false;
    const published: ChannelStatus = { ...STATUS, state: 'qr', qr: 'QR-DO-OUTRO' };
    const lease = {
      acquireLease: async () => (granted ? { epoch: 1 } : null),
      releaseLease: async () => {},
      publishStatus: async () => {},
      readPublished: async () => ({ status: JSON.stringify(published), live: true }),
      takeCommand: async () => null,
    } as unknown as ChannelStateRepository;
    const told: string[] = [];
    const sink = {
      onStatus: (transition: { kind: string }) => void told.push(transition.kind),
    } as unknown as ChannelSink;
    let report: ChannelSink['onStatus'] = () => {};
    const channel = new LeasedChannel(
      (leased) => {
        report = (transition, status) => leased.onStatus(transition, status);
        return {
          ...inner(),
          start: async () => report({ kind: 'connecting' }, STATUS),
          stop: async () => report({ kind: 'disconnected', reason: 'stopped' }, STATUS),
        } as HeldChannel;
      },
      lease,
      sink,
      { pollMs: 30, ttlMs: 1_000 },
    );
    await channel.start();
    expect(channel.isHolder()).toBe(false);
    expect(told).toEqual([]);
    expect(channel.status()).toEqual(published);
    granted = true;
    await vi.waitFor(() => expect(channel.isHolder()).toBe(true));
    expect(told).toEqual(['connecting']);
    // Another process takes it (a partition healed): this one stops its socket without a word.
    granted = false;
    await vi.waitFor(() => expect(channel.isHolder()).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(told).toEqual(['connecting']);
    expect(channel.status()).toEqual(published);
    await channel.stop();
  });
});
