import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { whatsappStatusSchema } from '@atende/contracts';
import { z } from 'zod';
import type { Channel, ChannelSink, ChannelStatus, SendReactionInput, SendTextInput } from '../channel.js';
import { ChannelUnavailableError } from '../channel.js';
import type { ChannelStateRepository, LeaseGrant } from '../channel-state.repository.js';
import type { PublishedStatusChannel } from '../published-status.js';

/** A channel whose connection may be held by one process only (linked device: one socket per creds). */
export interface HeldChannel extends Channel {
  logout(): Promise<void>;
}

export interface LeaseOptions {
  /** How long a lease lasts without renewal: a dead holder is replaced after at most this + `pollMs`. */
  ttlMs?: number;
  /** How often the holder renews and the others try to take over. */
  pollMs?: number;
  owner?: string;
  /**
   * How many leases this process already holds: it lets that many polls pass before taking a free
   * one, so the numbers of a cluster spread over its processes instead of all going to the first.
   */
  busy?: () => number;
}

const HELD_ELSEWHERE = 'A conexão com o WhatsApp está em outro processo do servidor.';
/** Shown by the processes that do not hold the number while no process holds it (a takeover). */
const AWAITING_HOLDER = 'A conexão está sendo retomada por um processo do servidor.';
const HOLDER_SILENT =
  'O processo do servidor que mantém a conexão com o WhatsApp não respondeu. Tente de novo em instantes.';
const HOLDER_FAILED = 'Não foi possível concluir o pedido no processo que mantém a conexão com o WhatsApp.';
/** How long a request left for the holder is waited for (it polls for requests about once a second). */
const COMMAND_WAIT_MS = 15_000;

/** A request another process leaves for the holder, and the answer it leaves back. */
const commandSchema = z.object({
  id: z.string(),
  action: z.enum(['reconnect', 'logout', 'pairing-code']),
  phone: z.string().optional(),
});
type Command = z.infer<typeof commandSchema>;
const commandResultSchema = z.object({
  id: z.string(),
  code: z.string().optional(),
  error: z.string().optional(),
});
type CommandResult = z.infer<typeof commandResultSchema>;

function parsed<T>(schema: z.ZodType<T>, json: string | null): T | null {
  if (!json) return null;
  try {
    const result = schema.safeParse(JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `inner` only while this process holds the lease in `channel_state` (renewed every `pollMs`;
 * expires after `ttlMs`). The other processes wait and take over when the holder stops renewing
 * (crash, kill -9). Send jobs are taken only where a send can succeed now — the holder, with its
 * connection open (`watchSendable`); a send reaching another process fails as unavailable and is retried.
 *
 * The number's state is one for the cluster: the holder publishes every status it reaches (in
 * `channel_state`) and alone tells the dashboards (through the sink); the others show what it
 * published, read again on every poll and before a read is answered (`refreshStatus`), and hand what
 * only the holder can do — a pairing code, a reconnection, an unlink — to it as a request it picks up
 * within a second, answering with its result.
 */
export class LeasedChannel implements HeldChannel, PublishedStatusChannel {
  readonly kind;
  private holding = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private readonly ttlMs: number;
  private readonly pollMs: number;
  readonly owner: string;
  private tick: Promise<void> = Promise.resolve();
  private pollsToWait = 0;
  /** The fencing token of the lease we hold (its epoch); null while not holding. */
  private grant: LeaseGrant | null = null;
  /** When the lease was last renewed, on the monotonic clock (`performance.now()`). */
  private renewedAt = 0;
  private fenceTimer: NodeJS.Timeout | null = null;
  private readonly busy: () => number;
  /** The inner connection is open (its last status said so). */
  private connected = false;
  private sendable = false;
  private readonly sendableListeners: Array<(sendable: boolean) => void> = [];
  private readonly inner: HeldChannel;
  /** Set while the holder stops its own connection: that last change is still the holder's to tell. */
  private releasing = false;
  /** Not holding: the holder's status as last read, and whether a holder's lease was live. */
  private shared: ChannelStatus | null = null;
  private holderLive = false;
  /** Holding: the status last handed to the database, and the writes in order. */
  private published = '';
  private publishing: Promise<void> = Promise.resolve();
  private commandTimer: NodeJS.Timeout | null = null;
  private commands: Promise<void> | null = null;

  /** `build` makes the inner channel with the sink it must report to (ours, which watches its status). */
  constructor(
    build: (sink: ChannelSink) => HeldChannel,
    private readonly lease: ChannelStateRepository,
    sink: ChannelSink,
    options: LeaseOptions = {},
  ) {
    this.inner = build({
      onStatus: (transition, status) => {
        this.connected = status.connected;
        this.updateSendable();
        // Only the holder speaks for the number; a process that lost it (or never had it) says nothing.
        if (!this.holding && !this.releasing) return;
        this.publish(status);
        sink.onStatus(transition, status);
      },
      onInboundMessage: (message) => sink.onInboundMessage(message),
      onInboundReaction: (reaction) => sink.onInboundReaction(reaction),
      onDeliveryStatus: (update) => sink.onDeliveryStatus(update),
      onIdentities: async (pairs) => sink.onIdentities?.(pairs),
    });
    this.kind = this.inner.kind;
    this.ttlMs = options.ttlMs ?? 20_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.busy = options.busy ?? (() => 0);
  }

  isHolder(): boolean {
    return this.holding;
  }

  /** What auth-state writes must carry: this process's claim on the lease, or null when it has none. */
  fence(): { owner: string; epoch: number } | null {
    return this.holding && this.grant ? { owner: this.owner, epoch: this.grant.epoch } : null;
  }

  /** True while this process holds the lease and its connection is open; now and on every change. */
  watchSendable(listener: (sendable: boolean) => void): void {
    this.sendableListeners.push(listener);
    listener(this.sendable);
  }

  private setHolding(holding: boolean): void {
    this.holding = holding;
    this.updateSendable();
  }

  private updateSendable(): void {
    const sendable = this.holding && this.connected;
    if (sendable === this.sendable) return;
    this.sendable = sendable;
    for (const listener of this.sendableListeners) listener(sendable);
  }

  /** The number's status: this process's own while it holds it, else what the holder published. */
  status(): ChannelStatus {
    if (this.holding) return this.inner.status();
    if (this.holderLive && this.shared) return this.shared;
    return {
      ...this.inner.status(),
      connected: false,
      qr: null,
      state: 'connecting',
      pairingCode: null,
      problem: null,
      nextAttemptAt: null,
      reason: AWAITING_HOLDER,
    };
  }

  /** Not holding: reads what the holder published (and whether its lease is live) again. */
  async refreshStatus(): Promise<void> {
    if (this.holding) return;
    const { status, live } = await this.lease.readPublished();
    if (this.holding) return;
    this.holderLive = live;
    this.shared = parsed(whatsappStatusSchema, status);
  }

  /** The holder's status, for the others: written in order, each change once. */
  private publish(status: ChannelStatus): void {
    const json = JSON.stringify(status);
    if (json === this.published) return;
    this.published = json;
    this.publishing = this.publishing
      .then(() => this.lease.publishStatus(this.owner, json))
      .catch(() => {
        // Written again at the next renewal.
        this.published = '';
      });
  }

  async start(): Promise<void> {
    this.stopped = false;
    // A process already holding numbers lets the others (one poll per number held) take a new one first.
    this.pollsToWait = this.busy();
    await this.renew();
    if (!this.holding) await this.refreshStatus().catch(() => {});
    this.timer = setInterval(() => {
      this.tick = this.tick.then(() => this.renew()).catch(() => {});
    }, this.pollMs);
    this.timer.unref();
    // Apart from the renewals (one can hang on an unreachable database): a holder that has not renewed
    // for most of the lease stops its socket before another process may take over.
    this.fenceTimer = setInterval(() => void this.fenceIfStale(), Math.min(this.pollMs / 4, 250));
    this.fenceTimer.unref();
    // The holder looks for requests the other processes left for it (one at a time).
    this.commandTimer = setInterval(
      () => {
        if (this.commands || !this.holding) return;
        this.commands = this.runCommand()
          .catch(() => {})
          .finally(() => {
            this.commands = null;
          });
      },
      Math.min(this.pollMs, 1_000),
    );
    this.commandTimer.unref();
  }

  /**
   * Self-fencing: the socket stops while the lease is still ours, never after another holder starts.
   * Stopped within the lease (cut off from the database), its closing is the holder's last word; past
   * it (the process was paused), another process may hold the number, and this one says nothing.
   */
  private async fenceIfStale(): Promise<void> {
    if (!this.holding) return;
    const margin = Math.min(this.pollMs, this.ttlMs / 4);
    const sinceRenewal = performance.now() - this.renewedAt;
    if (sinceRenewal < this.ttlMs - margin) return;
    this.releasing = sinceRenewal < this.ttlMs;
    this.setHolding(false);
    this.grant = null;
    this.shared = null;
    this.holderLive = false;
    await this.inner.stop().catch(() => {});
    this.releasing = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of [this.timer, this.fenceTimer, this.commandTimer]) if (timer) clearInterval(timer);
    this.timer = null;
    this.fenceTimer = null;
    this.commandTimer = null;
    await this.tick;
    await this.commands;
    if (this.holding) {
      // The holder's own closing is still its change to tell and publish, under its lease.
      this.releasing = true;
      this.setHolding(false);
      await this.inner.stop();
      this.releasing = false;
      await this.publishing;
      await this.lease.releaseLease(this.owner);
    }
  }

  async reconnect(): Promise<void> {
    if (this.holding) await this.inner.reconnect();
    else await this.forward({ action: 'reconnect' });
  }

  async logout(): Promise<void> {
    if (this.holding) await this.inner.logout();
    else await this.forward({ action: 'logout' });
  }

  async requestPairingCode(phone: string): Promise<string> {
    if (!this.holding) {
      const { code } = await this.forward({ action: 'pairing-code', phone });
      if (!code) throw new ChannelUnavailableError(HOLDER_FAILED);
      return code;
    }
    if (!this.inner.requestPairingCode)
      throw new ChannelUnavailableError('Código de pareamento indisponível');
    return this.inner.requestPairingCode(phone);
  }

  /**
   * What only the holder can do, asked of it: the request is left in `channel_state`, the holder picks
   * it up and leaves its answer (and publishes the status it led to) before this returns.
   */
  private async forward(request: Omit<Command, 'id'>): Promise<CommandResult> {
    await this.refreshStatus();
    if (!this.holderLive && !this.holding) throw new ChannelUnavailableError(AWAITING_HOLDER);
    const id = randomBytes(8).toString('hex');
    await this.lease.postCommand(JSON.stringify({ ...request, id } satisfies Command));
    const deadline = performance.now() + COMMAND_WAIT_MS;
    const every = Math.min(this.pollMs / 2, 100);
    while (performance.now() < deadline) {
      await sleep(every);
      const result = parsed(commandResultSchema, await this.lease.readCommandResult());
      if (result?.id !== id) continue;
      await this.refreshStatus().catch(() => {});
      if (result.error) throw new ChannelUnavailableError(result.error);
      return result;
    }
    throw new ChannelUnavailableError(HOLDER_SILENT);
  }

  /** The holder carries out a request left for it and leaves the answer, after the status it led to. */
  private async runCommand(): Promise<void> {
    const command = parsed(commandSchema, await this.lease.takeCommand(this.owner));
    if (!command || !this.holding) return;
    let result: CommandResult;
    try {
      if (command.action === 'reconnect') await this.reconnect();
      else if (command.action === 'logout') await this.logout();
      const code =
        command.action === 'pairing-code' ? await this.requestPairingCode(command.phone ?? '') : undefined;
      result = { id: command.id, ...(code ? { code } : {}) };
    } catch (error) {
      result = {
        id: command.id,
        error: error instanceof ChannelUnavailableError ? error.message : HOLDER_FAILED,
      };
    }
    await this.publishing;
    await this.lease.putCommandResult(JSON.stringify(result));
  }

  async sendText(input: SendTextInput) {
    if (!this.holding) throw new ChannelUnavailableError(HELD_ELSEWHERE);
    return this.inner.sendText(input);
  }

  async sendReaction(input: SendReactionInput): Promise<void> {
    if (!this.holding) throw new ChannelUnavailableError(HELD_ELSEWHERE);
    await this.inner.sendReaction(input);
  }

  /**
   * Takes or renews the lease; starts the connection on winning it, stops it on losing it (silently:
   * the number is another process's to tell about). Not holding, reads the holder's status again.
   */
  private async renew(): Promise<void> {
    if (this.stopped) return;
    if (!this.holding && this.pollsToWait > 0) {
      this.pollsToWait--;
      await this.refreshStatus().catch(() => {});
      return;
    }
    let grant: LeaseGrant | null;
    const asked = performance.now();
    try {
      grant = await this.lease.acquireLease(this.owner, this.ttlMs);
    } catch {
      // Database unreachable: keep the socket while the lease lasts; fenceIfStale stops it in time.
      return;
    }
    const held = grant !== null;
    if (grant) {
      // Counted from when we asked: the lease may have been granted any time after.
      this.renewedAt = asked;
      this.grant = grant;
    } else this.pollsToWait = this.busy();
    if (held && !this.holding) {
      this.shared = null;
      this.setHolding(true);
      this.publish(this.inner.status());
      await this.inner.start();
    } else if (!held && this.holding) {
      this.grant = null;
      this.setHolding(false);
      await this.inner.stop();
      await this.refreshStatus().catch(() => {});
    } else if (held) {
      // A write that failed is made again.
      this.publish(this.inner.status());
    } else {
      await this.refreshStatus().catch(() => {});
    }
  }
}
