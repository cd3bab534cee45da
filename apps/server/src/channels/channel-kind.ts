import type { InboxSettingsField, MediaSaver, SentMessages } from '@atende/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppConfig } from '../config.js';
import type { TransactionBatcher } from '../db/group-commit.js';
import type { Database } from '../db/schema.js';
import type { Channel, ChannelSink } from './channel.js';
import type { ChannelStateRepository } from './channel-state.repository.js';

/** One inbox as its channel sees it: its id, name and its kind's parsed settings. */
export interface InboxOfKind<S> {
  id: string;
  name: string;
  settings: S;
}

/** What every kind may read: the configuration and the stored settings sections (by key). */
export interface SharedContext {
  config: AppConfig;
  /** A stored settings section (`whatsapp-cloud`, …), parsed by the kind with its schema. */
  readSettings(key: string): Promise<unknown>;
}

/** What the server gives a channel kind to build one inbox's channel; nothing reaches into the domain. */
export interface ChannelContext extends SharedContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** This inbox's events: every handler resolves once durably handled. */
  sink: ChannelSink;
  /** This inbox's persisted provider state and connection lease (`channel_state`). */
  state: ChannelStateRepository;
  media: MediaSaver;
  /** Our own sent messages (echo dedupe, the provider's retries). */
  sent: SentMessages;
  /** Short writes group-committed together (the simulator's deliveries). */
  writes: TransactionBatcher;
  /** Whether the customer's 24-hour window is open (their last message on this inbox). */
  windowOpen(phone: string): Promise<boolean>;
  /** How many linked-device leases this process holds: a busy process waits before taking another. */
  leasesHeld(): number;
}

/** The running inboxes of one kind, for the kind's own routes (a webhook routed by number, say). */
export interface RunningInboxes<C extends Channel = Channel, S = unknown> {
  list(): Array<{ id: string; name: string; settings: S; channel: C }>;
  get(id: string): { id: string; name: string; settings: S; channel: C } | undefined;
}

/**
 * A channel kind: everything about one way of connecting a number, in its own folder, registered
 * with one line in `registry.ts`. Adding a kind (Instagram, Telegram) is a folder and that line.
 */
export interface ChannelKindDefinition<S = Record<string, unknown>, C extends Channel = Channel> {
  kind: string;
  /** pt-BR, as the Integrations screen shows it. */
  label: string;
  description: string;
  pairing: 'none' | 'qr' | 'qr-or-code';
  /** The name the first inbox of an empty database gets with this kind (`WhatsApp` when absent). */
  firstInboxName?: string;
  /** The kind's settings, validated on every create and update; `fields` describes the form. */
  settingsSchema: z.ZodType<S>;
  fields: InboxSettingsField[];
  /** Keys of `fields` that are write-only: stored, never served, an empty submit keeps them. */
  secretKeys: readonly string[];
  /**
   * The provider's id of the number these settings connect (the Cloud API's phone number id), where a
   * kind has one: two active inboxes may not hold the same, or the second would never get a message.
   */
  numberId?(settings: S): string | null;
  /** False when an optional package is missing; the kind is listed as not installed. */
  installed(): Promise<boolean>;
  create(context: ChannelContext, inbox: InboxOfKind<S>): C;
  /** Routes the kind needs (a provider's webhook, pairing controls), given its running inboxes. */
  routes?(running: RunningInboxes<C, S>, shared: SharedContext): FastifyPluginAsync;
  /** The first inbox on an empty database, from `CHANNEL`/`WHATSAPP_*`: its settings. */
  settingsFromEnvironment?(shared: SharedContext): Promise<Partial<S>>;
}

/** Erases the settings' type for the registry: each kind checks its own with its schema. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of different settings types
export type AnyChannelKind = ChannelKindDefinition<any, any>;
