import type { ChannelSink, ChannelStatus } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
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
