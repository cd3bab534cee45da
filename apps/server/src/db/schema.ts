import type { ColumnType } from 'kysely';

/**
 * Kysely table types. Conventions, identical on SQLite and PostgreSQL:
 * - ids are text (UUIDs);
 * - instants are epoch milliseconds in `bigint`/integer columns (`*_at`, `timestamp`), so range and
 *   bucket arithmetic is the same SQL on both databases;
 * - booleans are integers 0/1; JSON is text.
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'operator';
  password_hash: string;
  avatar: string | null;
  disabled: number;
  created_at: number;
  updated_at: number;
  /** What the person chose in the user menu (migration 032); offline is derived from their sockets. */
  availability: ColumnType<'online' | 'away' | 'busy', 'online' | 'away' | 'busy' | undefined>;
  /** When automatic assignment last gave them a conversation: round-robin picks the longest idle. */
  last_assigned_at: ColumnType<number | null, number | null | undefined>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 (hex) of the opaque token; the raw token is never stored. */
  token_hash: string;
  remember: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
}

export interface ClientsTable {
  id: string;
  phone: string | null;
  name: string | null;
  email: string | null;
  avatar: string | null;
  total_messages: number;
  last_contact: number | null;
  created_at: number;
  /** Free-text notes by the team (migration 020). */
  notes: string | null;
  /** When the client's personal data was erased (LGPD); the row stays, anonymised, for the counts. */
  erased_at: number | null;
  /** JSON array of label ids (migration 021); defaults to `[]`. */
  labels: ColumnType<string, string | undefined, string>;
  /** WhatsApp LID (digits, migration 023): the same person as `phone`; unique where present. */
  lid: string | null;
  /** 1: the customer asked not to be contacted (no survey or message we start; migration 033). */
  do_not_contact: ColumnType<number, number | undefined, number>;
  /** The name folded for search, written with it (`clientSearchName`; migration 039). */
  search_name: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ConversationsTable {
  id: string;
  client_id: string;
  status: string;
  started_at: number;
  last_message: string | null;
  last_message_time: number | null;
  message_count: number;
  /** Sum and count of agent-side response times (ms), for the average. */
  response_time_total_ms: number;
  response_count: number;
  /** First client message not yet answered by our side; null when answered. */
  awaiting_since: number | null;
  /** Our first reply minus `started_at` (ms), and whether the AI wrote it; null until the first reply. */
  first_response_ms: number | null;
  first_response_ai: number | null;
  sentiment_score: number | null;
  is_ai_handled: number;
  /** JSON array of strings. */
  tags: string;
  handler_mode: 'ai' | 'waiting_human' | 'human' | 'paused';
  handler_user_id: string | null;
  handler_user_name: string | null;
  handler_since: number;
  handler_reason: string | null;
  /** When the conversation converted (a sale / goal reached); null if not. */
  converted_at: number | null;
  updated_at: number;
  /** Normalised search text (migration 002); null when written outside the messaging services. */
  search_text: string | null;
  /** The inbox (connected number) the conversation came through (migration 025). */
  inbox_id: ColumnType<string, string | undefined, string>;
  /** Archived: kept, out of the lists but the archive's (migration 032). */
  archived_at: ColumnType<number | null, number | null | undefined>;
  /** Snoozed (`status = 'paused'`) until then; null while paused until the customer writes. */
  snoozed_until: ColumnType<number | null, number | null | undefined>;
  /** The last person who held it: a customer writing to it again after it ended goes back to them. */
  last_person_id: ColumnType<string | null, string | null | undefined>;
  /** Set by a rule or a macro (migration 038); null when none is. */
  priority: ColumnType<'low' | 'medium' | 'high' | 'urgent' | null, string | null | undefined>;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  /** Provider's message id (channel-scoped); unique, so replays are ignored. */
  provider_message_id: string | null;
  sender: 'client' | 'agent' | 'admin';
  content: string;
  type: 'text' | 'image' | 'audio' | 'document' | 'location' | 'video' | 'sticker';
  timestamp: number;
  ai_generated: number;
  confidence_score: number | null;
  media_url: string | null;
  media_mime_type: string | null;
  reply_to_id: string | null;
  reply_to_content: string | null;
  reply_to_sender: 'client' | 'agent' | 'admin' | null;
  status: 'pending' | 'sent' | 'delivered' | 'read' | 'failed';
  author_user_id: string | null;
  author_name: string | null;
  /** JSON array of evidence passages. */
  evidence: string;
  created_at: number;
  /** Why the provider failed it (status 'failed'): its error code, and the pt-BR explanation. */
  status_error_code: string | null;
  status_error: string | null;
  /**
   * Our reply's response time (ms): its timestamp minus the first client message of the unanswered run
   * it answers. Null for client messages and for replies with nothing to answer.
   */
  response_ms: number | null;
  /** JSON: the agent's clarifying question, or its answer to the customer's pick (migration 028). */
  clarification: string | null;
  /** The option a customer tapped on an interactive list or buttons we sent (migration 028). */
  interactive_reply_id: string | null;
  /** Media announced but not stored: 'pending' (a job downloads it) or 'unavailable' (migration 030). */
  media_status: ColumnType<'pending' | 'unavailable' | null, 'pending' | 'unavailable' | null | undefined>;
  /** JSON: what the channel needs to download the pending media; cleared once it is done (migration 030). */
  media_descriptor: ColumnType<string | null, string | null | undefined>;
  /** When the author edited or deleted it; the first words are kept in `original_content` (migration 030). */
  edited_at: ColumnType<number | null, number | null | undefined>;
  deleted_at: ColumnType<number | null, number | null | undefined>;
  original_content: ColumnType<string | null, string | null | undefined>;
  /** A voice note's words as the speech-to-text provider heard them (migration 037). */
  transcript: ColumnType<string | null, string | null | undefined>;
  transcript_status: ColumnType<
    'pending' | 'done' | 'failed' | null,
    'pending' | 'done' | 'failed' | null | undefined
  >;
  /** The stored file's name and size in bytes, with `media_url` (migration 036). */
  media_file_name: ColumnType<string | null, string | null | undefined>;
  media_size: ColumnType<number | null, number | null | undefined>;
}

export interface ReactionsTable {
  message_id: string;
  sender: 'client' | 'agent';
  emoji: string;
  created_at: number;
}

export interface ActivitiesTable {
  id: string;
  type: 'conversation' | 'conversion' | 'ai_learning' | 'takeover' | 'system';
  title: string;
  description: string;
  timestamp: number;
  conversation_id: string | null;
}

export interface SettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: number;
  updated_by: string | null;
}

export interface KnowledgeBaseTable {
  id: string;
  content: string;
  updated_at: number;
  updated_by: string | null;
}

export interface KnowledgeGapsTable {
  id: string;
  /** Normalised question text: the grouping key. */
  question_key: string;
  question: string;
  count: number;
  reason: 'handoff' | 'low_confidence';
  last_asked_at: number;
  conversation_id: string | null;
  message_id: string | null;
  suggested_answer: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  created_at: number;
}

export interface ChannelStateTable {
  /** Channel kind + account, e.g. `simulator:default`. */
  key: string;
  /** JSON: credentials / provider state. Never logged or served. */
  state: string;
  updated_at: number;
  /** Lease: which process holds the connection, until when (the database's clock). */
  lease_owner: string | null;
  lease_expires_at: number | null;
  /** Fencing token: grows each time the lease changes hands (migration 031). */
  lease_epoch: ColumnType<number, number | undefined, number>;
  /** The holder's connection status (JSON), for the processes that do not hold it (migration 035). */
  published_status: string | null;
  /** A request for the holder from another process (JSON: id, action, phone), taken once. */
  command: string | null;
  /** The holder's answer to the last request (JSON: its id, and a code or an error). */
  command_result: string | null;
}

/** One connected number: its channel kind, name and kind-specific settings (migration 025). */
export interface InboxesTable {
  id: string;
  kind: string;
  name: string;
  /** The number once known (digits), shown beside the name. */
  phone: string | null;
  /** JSON: the kind's settings; secrets stay here and are never served. */
  settings: string;
  agent_enabled: number;
  /** 'all': every operator sees it; 'members': only the users in `inbox_members` (admins always). */
  operator_access: 'all' | 'members';
  created_at: number;
  updated_at: number;
  /** Removed inboxes keep their conversations readable; their channel no longer runs. */
  removed_at: number | null;
  /** 1: handed-off conversations go to the available members in turn (migration 032). */
  auto_assign: ColumnType<number, number | undefined>;
  /** Open conversations one person may hold before automatic assignment skips them. */
  assign_capacity: ColumnType<number, number | undefined>;
  /** JSON: the inbox's business hours (schedule, holidays, time zone, greeting, out-of-office). */
  business_hours: ColumnType<string | null, string | null | undefined>;
  /** Response-time targets in minutes (SLA): the first answer and the resolution; null: none. */
  sla_first_response_minutes: ColumnType<number | null, number | null | undefined>;
  sla_resolution_minutes: ColumnType<number | null, number | null | undefined>;
}

export interface InboxMembersTable {
  inbox_id: string;
  user_id: string;
}

/** Durable work that must follow a message (transactional outbox). */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: number;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  /** Optional idempotency key: one job per key. */
  dedupe_key: string | null;
  created_at: number;
  updated_at: number;
}

/** Cloud API: the template a message of ours is sent with (by its provider id as stored). */
export interface CloudApiTemplateSendsTable {
  provider_message_id: string;
  name: string;
  language: string;
  /** JSON array of the body parameters. */
  parameters: string;
  created_at: number;
}

/** What the simulator channel delivered to simulated customers. */
export interface SimulatorDeliveriesTable {
  id: string;
  provider_message_id: string;
  /** The simulator inbox that delivered it (migration 025). */
  inbox_id: ColumnType<string, string | undefined, string>;
  phone: string;
  kind: 'text' | 'reaction' | 'rating' | 'media';
  text: string;
  quoted_provider_message_id: string | null;
  emoji: string | null;
  delivered_at: number;
  /** JSON: a rating's choices to tap (migration 033). */
  choices: string | null;
  /** A file we sent: its type, its size, and whether it went as a voice note (migration 037). */
  media_mime_type: ColumnType<string | null, string | null | undefined>;
  media_size: ColumnType<number | null, number | null | undefined>;
  voice: ColumnType<number | null, number | null | undefined>;
}

/** One change of who answers a conversation (migration 020): hand-offs, takeovers, handbacks. */
export interface HandlerChangesTable {
  id: string;
  conversation_id: string;
  at: number;
  from_mode: ConversationsTable['handler_mode'];
  to_mode: ConversationsTable['handler_mode'];
  /** Machine-readable cause of an agent hand-off (`asked_for_person`, `low_confidence`, …). */
  cause: string | null;
  /** The pt-BR reason shown to operators. */
  reason: string | null;
  user_id: string | null;
}

/** A conversation's transcript beyond its messages (migration 032): private notes and system lines. */
export interface ConversationTimelineTable {
  id: string;
  conversation_id: string;
  kind: 'note' | 'event';
  event: string | null;
  text: string;
  author_id: string | null;
  author_name: string | null;
  /** JSON array of `{id, name}`: the team members a note mentions. */
  mentions: ColumnType<string, string | undefined>;
  created_at: number;
}

/** An automation rule: when `event`, if `conditions` (JSON), then `actions` (JSON), in `position` order. */
export interface AutomationRulesTable {
  id: string;
  name: string;
  position: number;
  enabled: number;
  event: string;
  /** The time events' wait: minutes (no reply from us) or hours (no reply from the customer). */
  after_value: number | null;
  conditions: string;
  actions: string;
  builtin: 'greeting' | 'out_of_office' | null;
  created_at: number;
  updated_at: number;
}

/** One rule's run for one event on one conversation (unique per rule and event). */
export interface AutomationRunsTable {
  id: string;
  rule_id: string;
  rule_name: string;
  conversation_id: string;
  event: string;
  event_id: string;
  outcome: 'done' | 'skipped' | 'failed' | 'cut';
  /** JSON array of pt-BR lines: what each action did or why it did not. */
  lines: string;
  created_at: number;
}

/** What a rule sent to a customer (a hash of the words): the same words go at most once a day. */
export interface AutomationSendsTable {
  rule_id: string;
  client_id: string;
  text_hash: string;
  sent_at: number;
}

/** A named sequence of actions: shared (owner null) or one person's. */
export interface MacrosTable {
  id: string;
  name: string;
  owner_id: string | null;
  actions: string;
  created_at: number;
  updated_at: number;
}

/**
 * One resolution of a conversation and its satisfaction survey (migration 033): who resolved it, whether a
 * person took part, how long it took, and the customer's rating and comment.
 */
export interface ConversationResolutionsTable {
  id: string;
  conversation_id: string;
  inbox_id: string;
  client_id: string;
  resolved_at: number;
  /** When this round of the conversation began: its start, or the last reopening before the resolution. */
  cycle_started_at: number;
  /** 'person', 'agent' (the AI held it) or 'system' (an automation, the server). */
  resolved_by: 'person' | 'agent' | 'system';
  /** The person credited: who resolved it, else who held it, else the last who held it in the round. */
  person_id: string | null;
  /** 1 when a person took part in the round (held it, was handed it, paused the AI, resolved it). */
  person_involved: number;
  survey_status: string;
  survey_sent_at: number | null;
  /** The survey message's provider id (our message). */
  survey_message_id: string | null;
  rating: number | null;
  rated_at: number | null;
  comment: string | null;
  commented_at: number | null;
  created_at: number;
}

/** Per inbox: whether resolved conversations get the survey, and its question (migration 033). */
export interface SatisfactionSettingsTable {
  inbox_id: string;
  enabled: number;
  question: string;
  updated_at: number;
  updated_by: string | null;
}

/** A report a person shaped and saved for the team (migration 033): its definition as JSON. */
export interface SavedReportsTable {
  id: string;
  name: string;
  name_key: string;
  definition: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: number;
  updated_at: number;
}

/** What each person last saw of each conversation: their unread count is what came after. */
export interface ConversationReadsTable {
  user_id: string;
  conversation_id: string;
  read_at: number;
}

/** Append-only record of who did what and when (migration 020). */
export interface AuditLogTable {
  id: string;
  at: number;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON object; never holds secret values. */
  detail: string;
  ip: string | null;
}

export interface LabelsTable {
  id: string;
  name: string;
  name_key: string;
  color: string;
  created_at: number;
}

export interface CannedRepliesTable {
  id: string;
  shortcut: string;
  content: string;
  position: number;
  created_at: number;
  updated_at: number;
}

/** Read marks of the derived notifications (see conversations/notifications). */
export interface NotificationReadsTable {
  user_id: string;
  notification_id: string;
  read_at: number;
}

export interface UserAvatarsTable {
  user_id: string;
  mime: string;
  /** Base64 of the image bytes. */
  data: string;
  updated_at: number;
}

/** An outbound webhook endpoint (migration 027); `secret` is `whsec_` + base64 of the signing key. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  secret: string;
  enabled: number;
  disabled_reason: string | null;
  /** Since when every attempt failed; null after a success. */
  failing_since: number | null;
  created_at: number;
  updated_at: number;
}

/** One event for one endpoint: the delivery log and the state of its attempts (migration 027). */
export interface WebhookDeliveriesTable {
  /** Also the `webhook-id` header: the same on every attempt. */
  id: string;
  endpoint_id: string;
  event_type: string;
  /** The exact body posted (JSON): signed as is on every attempt. */
  payload: string;
  /** The customer the event is about, so an erasure can blank the stored body. */
  client_id: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: number;
  last_attempt_at: number | null;
  next_attempt_at: number | null;
}

/** Bearer tokens for the public API (migration 027): only the SHA-256 of the token is stored. */
export interface ApiTokensTable {
  id: string;
  name: string;
  token_hash: string;
  hint: string;
  /** JSON array of scopes. */
  scopes: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** The agent's order lookup (migration 027): one row, id `default`. */
export interface OrderLookupsTable {
  id: string;
  enabled: number;
  url_template: string;
  /** JSON array of { name, value }: the values are secrets, never served. */
  headers: string;
  reply_template: string;
  updated_at: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  clients: ClientsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  reactions: ReactionsTable;
  activities: ActivitiesTable;
  settings: SettingsTable;
  knowledge_base: KnowledgeBaseTable;
  knowledge_gaps: KnowledgeGapsTable;
  channel_state: ChannelStateTable;
  jobs: JobsTable;
  simulator_deliveries: SimulatorDeliveriesTable;
  cloud_api_template_sends: CloudApiTemplateSendsTable;
  handler_changes: HandlerChangesTable;
  audit_log: AuditLogTable;
  labels: LabelsTable;
  canned_replies: CannedRepliesTable;
  notification_reads: NotificationReadsTable;
  user_avatars: UserAvatarsTable;
  inboxes: InboxesTable;
  inbox_members: InboxMembersTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  api_tokens: ApiTokensTable;
  order_lookups: OrderLookupsTable;
  conversation_timeline: ConversationTimelineTable;
  conversation_reads: ConversationReadsTable;
  conversation_resolutions: ConversationResolutionsTable;
  satisfaction_settings: SatisfactionSettingsTable;
  saved_reports: SavedReportsTable;
  automation_rules: AutomationRulesTable;
  automation_runs: AutomationRunsTable;
  automation_sends: AutomationSendsTable;
  macros: MacrosTable;
}
