import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ChannelKindDefinition } from '../channel-kind.js';
import { simulatorRoutes } from './simulator.routes.js';
import { SIMULATOR_PHONE, SimulatorChannel } from './simulator-channel.js';

/** A distinct simulated business number per inbox (the first keeps the historical one). */
function businessPhone(inboxId: string): string {
  if (inboxId === 'default') return SIMULATOR_PHONE;
  const digits = BigInt(`0x${createHash('sha256').update(inboxId).digest('hex').slice(0, 12)}`);
  return `5511${String(900000000 + Number(digits % 99999999n)).slice(0, 9)}`;
}

/** The built-in WhatsApp stand-in: a QR to pair, simulated customers, deliveries recorded. */
export const simulatorKind: ChannelKindDefinition<Record<string, never>, SimulatorChannel> = {
  kind: 'simulator',
  label: 'Simulador de WhatsApp',
  description: 'Um WhatsApp de demonstração: pareie pelo QR e converse como cliente pela API do simulador.',
  pairing: 'qr',
  firstInboxName: 'WhatsApp (simulador)',
  settingsSchema: z.object({}) as z.ZodType<Record<string, never>>,
  fields: [],
  secretKeys: [],
  installed: async () => true,
  create: (context, inbox) =>
    new SimulatorChannel({
      db: context.db,
      inboxId: inbox.id,
      businessPhone: businessPhone(inbox.id),
      state: context.state,
      sink: context.sink,
      writes: context.writes,
    }),
  routes: (running) => simulatorRoutes(running),
  settingsFromEnvironment: async () => ({}),
};
