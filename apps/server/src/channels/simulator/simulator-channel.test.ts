import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase, sleep, useTestApp } from '../../../test/helpers.js';
import type { ChannelSink, StatusTransition } from '../channel.js';
import { channelStateRepository } from '../channel-state.repository.js';
import { SimulatorChannel } from './simulator-channel.js';

describeEachDatabase('simulator channel (unit)', (kind) => {
  const ctx = useTestApp(kind);
  const channels: SimulatorChannel[] = [];
  afterEach(async () => {
    for (const channel of channels.splice(0)) await channel.stop();
  });

  function create(key: string, qrRotateMs = 60_000) {
    const transitions: StatusTransition[] = [];
    const sink: ChannelSink = {
      onStatus: (transition) => void transitions.push(transition),
      onInboundMessage: async () => ({
        messageId: 'm',
        conversationId: 'c',
        clientId: 'k',
        duplicate: false,
      }),
      onInboundReaction: async () => {},
      onDeliveryStatus: async () => {},
    };
    const channel = new SimulatorChannel({
      db: ctx.app.db,
      state: channelStateRepository(ctx.app.db, key),
      sink,
      qrRotateMs,
    });
    channels.push(channel);
    return { channel, transitions };
  }

  it('rotates the pairing code and its QR; an expired code no longer pairs', async () => {
    const { channel, transitions } = create(`sim:rotate:${kind}`, 80);
    await channel.start();
    const first = channel.status().pairingCode!;
    await sleep(200);
    const qrs = transitions.filter((t) => t.kind === 'qr');
    expect(qrs.length).toBeGreaterThanOrEqual(2);
    const current = channel.status();
    expect(current.pairingCode).not.toBe(first);
    expect(current.qr).toBe((qrs.at(-1) as { qr: string }).qr);
    await expect(channel.pair(first)).rejects.toThrow('Código de pareamento inválido ou expirado');
    await channel.pair(channel.status().pairingCode!);
    expect(channel.status()).toMatchObject({ connected: true, state: 'connected', qr: null });
    const after = transitions.length;
    await sleep(200);
    expect(transitions.length).toBe(after); // no more QR once connected
  });

  it('refuses to send or receive while not connected', async () => {
    const { channel } = create(`sim:offline:${kind}`);
    await channel.start();
    await expect(channel.sendText({ to: '55', text: 'x', providerMessageId: 'p' })).rejects.toThrow(
      'WhatsApp desconectado',
    );
    await expect(channel.receive({ phone: '5511999999999', text: 'oi', type: 'text' })).rejects.toThrow(
      'WhatsApp desconectado',
    );
  });

  it('delivers a message once when two processes send it at the same time', async () => {
    // Two instances of a cluster whose job leases overlapped: both run the same send.
    const sides = [create(`sim:once-a:${kind}`).channel, create(`sim:once-b:${kind}`).channel];
    for (const channel of sides) {
      await channel.start();
      await channel.pair(channel.status().pairingCode!);
    }
    const to = kind === 'sqlite' ? '5511911110001' : '5511911110002';
    const ids = Array.from({ length: 20 }, (_, i) => `SIM-ONCE-${kind}-${i}`);
    await Promise.all(
      ids.flatMap((id) => sides.map((channel) => channel.sendText({ to, text: id, providerMessageId: id }))),
    );
    const received = await sides[0]!.outbox(to, 100);
    expect(received.map((item) => item.providerMessageId).sort()).toEqual([...ids].sort());
  });
});
