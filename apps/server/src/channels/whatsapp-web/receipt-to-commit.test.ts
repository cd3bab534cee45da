import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers.js';
import { createLinkedDeviceApp, type LinkedDeviceApp, waitFor } from './test-support/contract-kit.js';
import * as f from './test-support/fixtures.js';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

// The window a crash could still lose a message in: from Baileys' `messages.upsert` (sent after
// WhatsApp's receipt) to our commit. Measured on the real app (group commit, SQLite WAL or
// PostgreSQL), the agent's jobs not running; figures printed for docs (README, linked device).
describeEachDatabase('whatsapp-web: receipt-to-commit window', (kind) => {
  let t: LinkedDeviceApp;
  const windows: number[] = [];
  beforeAll(async () => {
    t = await createLinkedDeviceApp(kind, { onReceiptToCommit: (ms) => windows.push(ms) });
    await t.app.domain.jobs.stop();
    const socket = t.fake.latest();
    socket.user = { id: '5511900000000:3@s.whatsapp.net' };
    socket.emit('connection.update', f.opened);
    await waitFor(() => t.app.domain.channel.status().connected);
  });
  afterAll(async () => t?.close());

  const phone = (n: number) => `55119${String(70000000 + (n % 50)).padStart(8, '0')}`;

  it('one message at a time (100/s) and batches of 25', async () => {
    const single = 400;
    for (let n = 0; n < single; n++) {
      t.fake
        .latest()
        .emit('messages.upsert', f.upsert([f.text(f.pnKey(phone(n), `W${n}`), `mensagem ${n}`)]));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await waitFor(() => windows.length === single, 60_000);
    const one = summary(windows.splice(0));

    const batches = 20;
    for (let b = 0; b < batches; b++) {
      const messages = Array.from({ length: 25 }, (_, i) =>
        f.text(f.pnKey(phone(b * 25 + i), `B${b}-${i}`), `lote ${b} ${i}`),
      );
      t.fake.latest().emit('messages.upsert', f.upsert(messages, 'append'));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitFor(() => windows.length === batches * 25, 60_000);
    const batched = summary(windows.splice(0));

    process.stdout.write(
      `receipt-to-commit [${kind}] single: ${JSON.stringify(one)} batches of 25: ${JSON.stringify(batched)}\n`,
    );
    const stored = await t.app.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(single + batches * 25);
    // Loose bounds (a shared 2-core machine): a commit takes milliseconds, not seconds.
    expect(one.p99).toBeLessThan(1_000);
    expect(batched.p99).toBeLessThan(2_000);
  }, 120_000);
});
