import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Channel, ChannelSink, ChannelStatus, SendReactionInput, SendTextInput } from '../channel.js';
import { ChannelUnavailableError } from '../channel.js';
import type { ChannelStateRepository, LeaseGrant } from '../channel-state.repository.js';

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

/**
 * Runs `inner` only while this process holds the lease in `channel_state` (renewed every `pollMs`;
 * expires after `ttlMs`). The other processes wait and take over when the holder stops renewing
 * (crash, kill -9). Send jobs are taken only where a send can succeed now — the holder, with its
 * connection open (`watchSendable`); a send reaching another process fails as unavailable and is retried.
 */
export class LeasedChannel implements HeldChannel {
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

  /** `build` makes the inner channel with the sink it must report to (ours, which watches its status). */
  constructor(
    build: (sink: ChannelSink) => HeldChannel,
    private readonly lease: ChannelStateRepository,
    private readonly sink: ChannelSink,
    options: LeaseOptions = {},
  ) {
    this.inner = build({
      onStatus: (transition, status) => {
        sink.onStatus(transition, status);
        this.connected = status.connected;
        this.updateSendable();
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

  status(): ChannelStatus {
    if (this.holding) return this.inner.status();
    return {
      ...this.inner.status(),
      connected: false,
      qr: null,
      state: 'disconnected',
      problem: 'held_elsewhere',
      reason: HELD_ELSEWHERE,
    };
  }

  async start(): Promise<void> {
    this.stopped = false;
    // A process already holding numbers lets the others (one poll per number held) take a new one first.
    this.pollsToWait = this.busy();
    await this.renew();
    if (!this.holding) {
      this.sink.onStatus({ kind: 'disconnected', reason: 'held_elsewhere' }, this.status());
    }
    this.timer = setInterval(() => {
      this.tick = this.tick.then(() => this.renew()).catch(() => {});
    }, this.pollMs);
    this.timer.unref();
    // Apart from the renewals (one can hang on an unreachable database): a holder that has not renewed
    // for most of the lease stops its socket before another process may take over.
    this.fenceTimer = setInterval(() => void this.fenceIfStale(), Math.min(this.pollMs / 4, 250));
    this.fenceTimer.unref();
  }

  /** Self-fencing: the socket stops while the lease is still ours, never after another holder starts. */
  private async fenceIfStale(): Promise<void> {
    if (!this.holding) return;
    const margin = Math.min(this.pollMs, this.ttlMs / 4);
    if (performance.now() - this.renewedAt < this.ttlMs - margin) return;
    this.setHolding(false);
    this.grant = null;
    await this.inner.stop().catch(() => {});
    this.sink.onStatus({ kind: 'disconnected', reason: 'lease_lost' }, this.status());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.fenceTimer) clearInterval(this.fenceTimer);
    this.timer = null;
    this.fenceTimer = null;
    await this.tick;
    if (this.holding) {
      this.setHolding(false);
      await this.inner.stop();
      await this.lease.releaseLease(this.owner);
    }
  }

  async reconnect(): Promise<void> {
    if (!this.holding) throw new ChannelUnavailableError(HELD_ELSEWHERE);
    await this.inner.reconnect();
  }

  async logout(): Promise<void> {
    if (!this.holding) throw new ChannelUnavailableError(HELD_ELSEWHERE);
    await this.inner.logout();
  }

  async requestPairingCode(phone: string): Promise<string> {
    if (!this.holding) throw new ChannelUnavailableError(HELD_ELSEWHERE);
    if (!this.inner.requestPairingCode)
      throw new ChannelUnavailableError('Código de pareamento indisponível');
    return this.inner.requestPairingCode(phone);
  }

  async sendText(input: SendTextInput) {
    if (!this.holding) throw new ChannelUnavailableError(HELD_ELSEWHERE);
    return this.inner.sendText(input);
  }

  async sendReaction(input: SendReactionInput): Promise<void> {
    if (!this.holding) throw new ChannelUnavailableError(HELD_ELSEWHERE);
    await this.inner.sendReaction(input);
  }

  /** Takes or renews the lease; starts the connection on winning it, stops it on losing it. */
  private async renew(): Promise<void> {
    if (this.stopped) return;
    if (!this.holding && this.pollsToWait > 0) {
      this.pollsToWait--;
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
      this.setHolding(true);
      await this.inner.start();
    } else if (!held && this.holding) {
      this.grant = null;
      this.setHolding(false);
      await this.inner.stop();
      this.sink.onStatus({ kind: 'disconnected', reason: 'held_elsewhere' }, this.status());
    }
  }
}
