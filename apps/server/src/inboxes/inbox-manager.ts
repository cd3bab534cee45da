import type { ChannelStatus, StatusTransition } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import type { Channel } from '../channels/channel.js';
import type {
  AnyChannelKind,
  ChannelContext,
  RunningInboxes,
  SharedContext,
} from '../channels/channel-kind.js';
import { channelStateRepository } from '../channels/channel-state.repository.js';
import { hasPublishedStatus } from '../channels/published-status.js';
import { DEFAULT_KIND } from '../channels/registry.js';
import type { SlaTargets } from '../conversations/attention/sla.js';
import type { Messaging } from '../conversations/messaging/messaging.js';
import { sentMessages } from '../conversations/messaging/sent-messages.js';
import { serviceWindowAt } from '../conversations/messaging/service-window.js';
import type { TransactionBatcher } from '../db/group-commit.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { getSettings, getStoredSection } from '../kernel/settings/settings.service.js';
import { now } from '../lib/clock.js';
import { normalizePhone } from '../lib/phone.js';
import { createChannelSink } from './channel-bridge/channel-sink.js';
import { registerMediaJobs } from './channel-bridge/media-jobs.js';
import { registerOutboundJobs } from './channel-bridge/outbound-jobs.js';
import { registerReadJobs, requestReadReceipt } from './channel-bridge/read-receipts.js';
import { FIRST_INBOX_ID, type InboxesRepository, type InboxWithMembers } from './inboxes.repository.js';

/** How often an instance looks for inboxes another instance added, changed or removed. */
const SYNC_MS = 3_000;

export const NOT_INSTALLED = 'Tipo de canal não instalado neste servidor';

interface Running {
  row: InboxWithMembers;
  kind: AnyChannelKind;
  channel: Channel;
  stopJobs: () => void;
}

const offline = (kind: string, reason: string | null): ChannelStatus => ({
  connected: false,
  qr: null,
  state: 'disconnected',
  channel: kind,
  phone: null,
  pairingCode: null,
  reason,
});

export const parseSettings = (json: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

/**
 * Runs a channel for every active inbox, in this process: builds it from its kind (the registry),
 * gives it a sink that tags what it receives with the inbox, runs its send queue, and keeps the set in
 * step with the table — an inbox added, changed or removed here or on another instance starts, restarts
 * or stops within `SYNC_MS`, without a restart. Linked devices are held by one process each (their
 * lease); the others wait.
 */
export class InboxManager {
  private readonly running = new Map<string, Running>();
  /** Inboxes whose kind is not installed here: listed with a status saying so. */
  private readonly missing = new Map<string, InboxWithMembers>();
  private primaryId: string | null = null;
  private targets: ReadonlyMap<string, SlaTargets> = new Map();
  /** Inboxes last announced as connected (see `announce`). */
  private readonly connected = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private lastSeen = '';
  private syncing: Promise<void> = Promise.resolve();
  private started = false;
  private readonly shared: SharedContext;

  constructor(
    private readonly deps: {
      app: FastifyInstance;
      repo: InboxesRepository;
      kinds: ReadonlyMap<string, AnyChannelKind>;
      messaging: Messaging;
      jobs: JobRunner;
      writes: TransactionBatcher;
    },
  ) {
    this.shared = {
      config: deps.app.config,
      readSettings: (key) => getStoredSection(deps.app.db, key),
    };
  }

  kinds(): ReadonlyMap<string, AnyChannelKind> {
    return this.deps.kinds;
  }

  /** The running inboxes of one kind, for that kind's routes (registered before start). */
  runningOf<C extends Channel, S>(kind: string): RunningInboxes<C, S> {
    const entries = () =>
      [...this.running.values()]
        .filter((entry) => entry.kind.kind === kind)
        .map((entry) => ({
          id: entry.row.id,
          name: entry.row.name,
          settings: parseSettings(entry.row.settings) as S,
          channel: entry.channel as C,
        }));
    return { list: entries, get: (id) => entries().find((entry) => entry.id === id) };
  }

  sharedContext(): SharedContext {
    return this.shared;
  }

  /** The first inbox on an empty database comes from `CHANNEL`/`WHATSAPP_*`; then every inbox runs. */
  async start(): Promise<void> {
    this.started = true;
    await this.ensureFirstInbox();
    await this.sync();
    this.timer = setInterval(() => {
      this.syncing = this.syncing
        .then(() => this.syncIfChanged())
        .catch((error: unknown) => {
          this.deps.app.log.warn({ err: error }, 'inboxes: sync failed');
        });
    }, SYNC_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.syncing;
    await Promise.all([...this.running.keys()].map((id) => this.stopInbox(id)));
  }

  /** Picks up a change made here at once (others see it within `SYNC_MS`). */
  async changed(): Promise<void> {
    this.syncing = this.syncing.then(() => this.sync());
    await this.syncing;
    // Who may see which inbox may have changed: every dashboard socket's rooms are recomputed.
    await this.deps.app.realtime.refreshDashboardRooms();
    this.deps.app.realtime.toDashboard('inboxes:changed', {});
  }

  /**
   * Each inbox's response-time targets, as of the last sync (a change made here at once, on another
   * instance within `SYNC_MS`): read with every conversation page, so never queried per request.
   */
  slaTargets(): ReadonlyMap<string, SlaTargets> {
    return this.targets;
  }

  channelOf(inboxId: string): Channel | undefined {
    return this.running.get(inboxId)?.channel;
  }

  /** The first active inbox: the one "WhatsApp" of `/api/whatsapp/status` and `whatsapp:*`. */
  primary(): { id: string; channel: Channel | undefined; status: ChannelStatus } | null {
    if (!this.primaryId) return null;
    return {
      id: this.primaryId,
      channel: this.channelOf(this.primaryId),
      status: this.statusOf(this.primaryId),
    };
  }

  statusOf(inboxId: string): ChannelStatus {
    const running = this.running.get(inboxId);
    if (running) return running.channel.status();
    const missing = this.missing.get(inboxId);
    return offline(missing?.kind ?? DEFAULT_KIND, missing ? NOT_INSTALLED : 'Caixa de entrada removida');
  }

  /**
   * Reads again, before a read is answered, the status that the holders of numbers held by another
   * process published (one inbox, or all): every instance then answers the same.
   */
  async refreshStatuses(inboxId?: string): Promise<void> {
    const entries = inboxId === undefined ? [...this.running.values()] : [this.running.get(inboxId)];
    await Promise.all(
      entries.map(async (entry) => {
        if (!entry || !hasPublishedStatus(entry.channel)) return;
        await entry.channel.refreshStatus().catch((error: unknown) => {
          this.deps.app.log.warn({ err: error, inbox: entry.row.id }, 'inboxes: could not read the status');
        });
      }),
    );
  }

  /** The first running inbox whose channel has a capability (templates, say). */
  withCapability<C extends Channel>(
    has: (channel: Channel) => channel is C,
  ): { id: string; channel: C } | undefined {
    for (const [id, entry] of this.running) if (has(entry.channel)) return { id, channel: entry.channel };
    return undefined;
  }

  /** Whether any active inbox is open only to its members (the dashboard's rooms then differ). */
  anyLimited(): boolean {
    for (const entry of this.running.values()) if (entry.row.operator_access === 'members') return true;
    for (const row of this.missing.values()) if (row.operator_access === 'members') return true;
    return false;
  }

  /** Whether the conversation's inbox allows free text only within 24 h of the customer (Cloud API). */
  async hasServiceWindow(conversationId: string): Promise<boolean> {
    // Asked before every agent reply: no lookup when no running number has such a window.
    if (!this.anyChannel((channel) => channel.serviceWindow === true)) return false;
    const inboxId = await this.deps.messaging.inboxOf(conversationId);
    return inboxId !== undefined && this.channelOf(inboxId)?.serviceWindow === true;
  }

  private anyChannel(test: (channel: Channel) => boolean): boolean {
    for (const { channel } of this.running.values()) if (test(channel)) return true;
    return false;
  }

  /** Every active inbox's status, oldest first. */
  statuses(): ChannelStatus[] {
    return [...this.running.keys(), ...this.missing.keys()].map((id) => this.statusOf(id));
  }

  isRunning(inboxId: string): boolean {
    return this.running.has(inboxId);
  }

  /** Whether the agent answers this inbox's customers (unknown inboxes: yes, as before inboxes). */
  agentEnabled(inboxId: string): boolean {
    const row = this.running.get(inboxId)?.row ?? this.missing.get(inboxId);
    return row ? row.agent_enabled === 1 : true;
  }

  /** An operator opened a conversation: the customer sees their messages read (where the channel can). */
  conversationOpened(conversationId: string): Promise<void> {
    const { app, jobs, messaging } = this.deps;
    return requestReadReceipt(
      {
        db: app.db,
        jobs,
        messaging,
        hasReadReceipts: (inboxId) => Boolean(this.channelOf(inboxId)?.markRead),
      },
      conversationId,
    );
  }

  /**
   * The agent is composing an answer: "digitando…" on the customer's phone, where the conversation's
   * channel can show it here and now (`config.typingIndicator`). Answers what stops it. Best effort:
   * a presence that does not go out changes nothing else.
   */
  async agentComposing(conversationId: string): Promise<() => Promise<void>> {
    const { app, messaging } = this.deps;
    const idle = async () => {};
    if (!(await getSettings(app.db, 'config')).typingIndicator) return idle;
    // Before every agent reply: no lookup when no running number can show "digitando…".
    if (!this.anyChannel((channel) => channel.sendPresence !== undefined)) return idle;
    const recipient = await messaging.channel.recipient(conversationId);
    const channel = recipient ? this.channelOf(recipient.inbox_id) : undefined;
    if (!recipient?.phone || !channel?.sendPresence) return idle;
    const to = { to: recipient.phone, lid: recipient.lid };
    const send = async (state: 'composing' | 'paused') => {
      try {
        await channel.sendPresence?.({ ...to, state });
        return true;
      } catch {
        // Not connected, or held by another process: no indicator this time.
        return false;
      }
    };
    return (await send('composing')) ? async () => void (await send('paused')) : idle;
  }

  /** Linked-device leases this process holds (a busy process waits before taking another). */
  leasesHeld(): number {
    let held = 0;
    for (const { channel } of this.running.values()) {
      const leased = channel as Partial<{ isHolder(): boolean }>;
      if (leased.isHolder?.()) held++;
    }
    return held;
  }

  private async ensureFirstInbox(): Promise<void> {
    const { repo, kinds, app } = this.deps;
    if ((await repo.count()) > 0) return;
    const wanted = app.config.channel ?? DEFAULT_KIND;
    const kind = kinds.get(wanted);
    if (!kind) {
      throw new Error(`CHANNEL=${wanted}: tipo de canal desconhecido (${[...kinds.keys()].join(', ')})`);
    }
    const settings = (await kind.settingsFromEnvironment?.(this.shared)) ?? {};
    await repo.insert(
      {
        id: FIRST_INBOX_ID,
        kind: kind.kind,
        name: kind.firstInboxName ?? 'WhatsApp',
        phone: null,
        settings: JSON.stringify(settings),
        agent_enabled: 1,
        operator_access: 'all',
      },
      [],
    );
  }

  private async syncIfChanged(): Promise<void> {
    if (!this.started) return;
    const seen = await this.deps.repo.lastChange();
    if (seen === this.lastSeen) return;
    await this.sync();
  }

  /** Makes the running set match the table: starts new inboxes, restarts changed ones, stops removed. */
  private async sync(): Promise<void> {
    const { repo, kinds } = this.deps;
    this.lastSeen = await repo.lastChange();
    const rows = await repo.list();
    this.primaryId = rows[0]?.id ?? null;
    this.targets = new Map(
      rows.map((row) => [
        row.id,
        {
          firstResponseMinutes: row.sla_first_response_minutes,
          resolutionMinutes: row.sla_resolution_minutes,
        },
      ]),
    );
    const active = new Set(rows.map((row) => row.id));
    for (const id of [...this.running.keys()]) if (!active.has(id)) await this.stopInbox(id);
    for (const id of [...this.missing.keys()]) if (!active.has(id)) this.missing.delete(id);
    for (const row of rows) {
      const current = this.running.get(row.id);
      if (current) {
        const restart = current.row.settings !== row.settings || current.row.kind !== row.kind;
        if (!restart) {
          current.row = row;
          continue;
        }
        await this.stopInbox(row.id);
      }
      const kind = kinds.get(row.kind);
      if (!kind || !(await kind.installed())) {
        this.missing.set(row.id, row);
        continue;
      }
      this.missing.delete(row.id);
      await this.startInbox(row, kind);
    }
  }

  private async startInbox(row: InboxWithMembers, kind: AnyChannelKind): Promise<void> {
    const { app, messaging, jobs, repo } = this.deps;
    const sink = createChannelSink({
      inboxId: row.id,
      realtime: app.realtime,
      messaging,
      isPrimary: () => this.primaryId === row.id,
      onStatus: (transition) => {
        this.announce(row, transition);
        // The number a connection reports is the inbox's number from then on.
        if (transition.kind !== 'ready' || !transition.phone) return;
        const phone = normalizePhone(transition.phone);
        const entry = this.running.get(row.id);
        if (!entry || entry.row.phone === phone) return;
        entry.row = { ...entry.row, phone };
        repo.setPhone(row.id, phone).catch((error: unknown) => {
          app.log.warn({ err: error, inbox: row.id }, 'inboxes: could not store the number');
        });
      },
    });
    const context: ChannelContext = {
      ...this.shared,
      app,
      db: app.db,
      sink,
      state: channelStateRepository(app.db, `${kind.kind}:${row.id}`, app.dbHandle.kind),
      media: app.media,
      sent: sentMessages(app.db),
      writes: this.deps.writes,
      windowOpen: async (phone) =>
        serviceWindowAt(await messaging.serviceWindow.lastClientMessageAtByPhone(phone, row.id), now()).open,
      leasesHeld: () => this.leasesHeld(),
    };
    const channel = kind.create(context, {
      id: row.id,
      name: row.name,
      settings: parseSettings(row.settings),
    });
    const stopSends = registerOutboundJobs({
      db: app.db,
      media: app.media,
      jobs,
      inboxId: row.id,
      channel,
      messaging,
      log: app.log,
    });
    const stopReads = registerReadJobs({ db: app.db, jobs, inboxId: row.id, channel, messaging });
    const stopMedia = registerMediaJobs({
      jobs,
      inboxId: row.id,
      channel,
      messaging,
      media: app.media,
      maxBytes: app.config.mediaMaxBytes,
    });
    const stopJobs = () => {
      stopSends();
      stopMedia();
      stopReads();
    };
    this.running.set(row.id, { row, kind, channel, stopJobs });
    try {
      await channel.start();
    } catch (error) {
      app.log.error({ err: error, inbox: row.id }, 'inboxes: channel failed to start');
    }
  }

  /**
   * Connected, and disconnected after being connected, are domain events (outbound webhooks subscribe):
   * once per change, not per reconnection attempt.
   */
  private announce(row: InboxWithMembers, transition: StatusTransition): void {
    if (transition.kind !== 'ready' && transition.kind !== 'disconnected') return;
    const connected = transition.kind === 'ready';
    if (this.connected.has(row.id) === connected) return;
    if (connected) this.connected.add(row.id);
    else this.connected.delete(row.id);
    const data = {
      inboxId: row.id,
      channel: row.kind,
      name: row.name,
      reason: transition.kind === 'disconnected' ? transition.reason : null,
    };
    this.deps.app.domainEvents.publish(
      transition.kind === 'ready' ? { type: 'inbox.connected', data } : { type: 'inbox.disconnected', data },
    );
  }

  private async stopInbox(id: string): Promise<void> {
    const entry = this.running.get(id);
    if (!entry) return;
    this.running.delete(id);
    entry.stopJobs();
    try {
      await entry.channel.stop();
    } catch (error) {
      this.deps.app.log.warn({ err: error, inbox: id }, 'inboxes: channel failed to stop');
    }
  }
}
