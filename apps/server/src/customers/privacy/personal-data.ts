/**
 * The personal-data registry: every table and every column, classified. It drives the LGPD export
 * (everything held about a customer), erasure ("apagar dados") and retention alike, so a column
 * classified here is exported, erased and expired by the same code, and `personal-data.test.ts` fails
 * when the database has a column this file does not name (a new migration's columns must be
 * classified before the suite passes). docs/security.md explains each treatment.
 *
 * To add a table: one entry. `rows` says how a customer's rows are found (or `notCustomerData` when it
 * holds none), each column gets a treatment, and `retention` says what happens to rows older than
 * `admin-config.dataRetentionDays`.
 */

/** What erasure writes in a column. `{ rowIdPrefix }`: the prefix and the row's id (unique columns). */
export type ErasedValue = string | null | { rowIdPrefix: string };

export type Treatment =
  /** Not personal (ids, counters, instants, the team's own data) or needed as it is: left alone. */
  | { kind: 'keep' }
  /** The customer's data: blanked on erasure (and expired by retention where the table says so). */
  | { kind: 'erase'; to: ErasedValue }
  /** Names or quotes the customer inside our own text: replaced by a placeholder that keeps the row's sense. */
  | { kind: 'anonymise'; to: ErasedValue };

export const KEEP: Treatment = { kind: 'keep' };
export const erase = (to: ErasedValue): Treatment => ({ kind: 'erase', to });
export const anonymise = (to: ErasedValue): Treatment => ({ kind: 'anonymise', to });

/** How one customer's rows of a table are found, from the customer's id. */
export type RowsOf =
  /** The column holds the customer's id. */
  | { by: 'client'; column: string }
  /** The column holds the id of one of the customer's conversations. */
  | { by: 'conversation'; column: string }
  /** The column holds the id of one of the customer's messages. */
  | { by: 'message'; column: string }
  /** The column holds the provider's id of one of the customer's messages. */
  | { by: 'provider-message'; column: string }
  /** The column holds the customer's phone number (or WhatsApp LID). */
  | { by: 'phone'; column: string }
  /** The column holds the id of a file sent in one of the customer's messages (removed with the file). */
  | { by: 'media'; column: string }
  /** Holds nothing of a customer. */
  | { by: 'none'; why: string };

/** What retention does to a table's rows older than the retention period. */
export type Retention =
  /** Rows whose instant `column` is older are deleted. */
  | { when: 'older'; column: string; action: 'delete' }
  /** Rows whose instant `column` is older keep their row; their erase/anonymise columns are blanked. */
  | { when: 'older'; column: string; action: 'erase' }
  /** Rows belonging (by `column`) to a message retention deletes go with it. */
  | { when: 'message-expired'; column: string; action: 'delete' };

export interface TableEntry {
  rows: RowsOf;
  /** Rows of the customer's that their export leaves out (the team's internal words), and why. */
  export?: { omit: string };
  columns: Record<string, Treatment>;
  /** Absent: kept as long as the data they belong to (or, for `none`, not customer data). */
  retention?: Retention;
}

/** A table that holds nothing of a customer: every column kept. */
function notCustomerData(why: string, columns: readonly string[]): TableEntry {
  return { rows: { by: 'none', why }, columns: Object.fromEntries(columns.map((c) => [c, KEEP])) };
}

export const PERSONAL_DATA: Record<string, TableEntry> = {
  clients: {
    rows: { by: 'client', column: 'id' },
    columns: {
      id: KEEP,
      phone: erase(null),
      lid: erase(null),
      name: erase(null),
      // The name folded for search.
      search_name: erase(null),
      email: erase(null),
      avatar: erase(null),
      notes: erase(null),
      labels: erase('[]'),
      total_messages: KEEP,
      last_contact: KEEP,
      created_at: KEEP,
      erased_at: KEEP,
      // The customer's wish not to be contacted: honoured even after an erasure.
      do_not_contact: KEEP,
    },
  },
  conversations: {
    rows: { by: 'client', column: 'client_id' },
    columns: {
      id: KEEP,
      client_id: KEEP,
      inbox_id: KEEP,
      status: KEEP,
      started_at: KEEP,
      // The customer's (or our) last words, and the list's search text made from them and the name.
      last_message: erase(null),
      search_text: erase(null),
      last_message_time: KEEP,
      message_count: KEEP,
      response_time_total_ms: KEEP,
      response_count: KEEP,
      awaiting_since: KEEP,
      first_response_ms: KEEP,
      first_response_ai: KEEP,
      sentiment_score: KEEP,
      is_ai_handled: KEEP,
      tags: KEEP,
      handler_mode: KEEP,
      handler_user_id: KEEP,
      handler_user_name: KEEP,
      handler_since: KEEP,
      handler_reason: KEEP,
      converted_at: KEEP,
      updated_at: KEEP,
      archived_at: KEEP,
      snoozed_until: KEEP,
      priority: KEEP,
      last_person_id: KEEP,
    },
    // The message it shows is gone after the retention period.
    retention: { when: 'older', column: 'last_message_time', action: 'erase' },
  },
  messages: {
    rows: { by: 'conversation', column: 'conversation_id' },
    columns: {
      id: KEEP,
      conversation_id: KEEP,
      provider_message_id: KEEP,
      sender: KEEP,
      content: erase(''),
      type: KEEP,
      timestamp: KEEP,
      ai_generated: KEEP,
      confidence_score: KEEP,
      media_url: erase(null),
      media_mime_type: erase(null),
      // The name the customer gave the file ("exame-maria.pdf") tells about them; its size does not.
      media_file_name: erase(null),
      media_size: erase(null),
      reply_to_id: KEEP,
      // A quoted copy of another message's words.
      reply_to_content: erase(null),
      reply_to_sender: KEEP,
      status: KEEP,
      author_user_id: KEEP,
      author_name: KEEP,
      // The passages the agent answered with: they tell what was asked.
      evidence: erase('[]'),
      created_at: KEEP,
      status_error_code: KEEP,
      status_error: KEEP,
      response_ms: KEEP,
      clarification: KEEP,
      interactive_reply_id: KEEP,
      media_status: KEEP,
      // The keys and address of the customer's file until it is downloaded.
      media_descriptor: erase(null),
      edited_at: KEEP,
      deleted_at: KEEP,
      // The customer's first words of a message they edited or deleted (kept for the audit).
      original_content: erase(null),
      // What the customer said in a voice note, as text: the same as a message's words.
      transcript: erase(null),
      transcript_status: KEEP,
    },
    retention: { when: 'older', column: 'timestamp', action: 'delete' },
  },
  reactions: {
    rows: { by: 'message', column: 'message_id' },
    columns: { message_id: KEEP, sender: KEEP, emoji: KEEP, created_at: KEEP },
    retention: { when: 'message-expired', column: 'message_id', action: 'delete' },
  },
  media: {
    rows: { by: 'media', column: 'id' },
    // Erasure and retention remove the file and its row (the media store); what each column holds:
    columns: {
      id: KEEP,
      mime_type: erase(null),
      size: erase(null),
      file_name: erase(null),
      sha256: erase(null),
      created_at: KEEP,
    },
  },
  conversation_timeline: {
    rows: { by: 'conversation', column: 'conversation_id' },
    // The team's words between colleagues: not part of the customer's export, but erased and expired
    // like message text, since a note may quote or describe the customer.
    export: { omit: 'private notes between colleagues and system lines' },
    columns: {
      id: KEEP,
      conversation_id: KEEP,
      kind: KEEP,
      event: KEEP,
      text: anonymise('Conteúdo apagado (LGPD)'),
      author_id: KEEP,
      author_name: KEEP,
      mentions: KEEP,
      created_at: KEEP,
    },
    retention: { when: 'older', column: 'created_at', action: 'delete' },
  },
  conversation_reads: {
    // Who saw the conversation when: instants and ids of the team, nothing of the customer.
    rows: { by: 'conversation', column: 'conversation_id' },
    export: { omit: "the team's read marks" },
    columns: { user_id: KEEP, conversation_id: KEEP, read_at: KEEP },
  },
  handler_changes: {
    rows: { by: 'conversation', column: 'conversation_id' },
    columns: {
      id: KEEP,
      conversation_id: KEEP,
      at: KEEP,
      from_mode: KEEP,
      to_mode: KEEP,
      cause: KEEP,
      reason: KEEP,
      user_id: KEEP,
    },
  },
  activities: {
    rows: { by: 'conversation', column: 'conversation_id' },
    columns: {
      id: KEEP,
      type: KEEP,
      title: KEEP,
      // "Alice iniciou uma conversa…", "Pergunta sem resposta registrada: "…"": names and quotes.
      description: anonymise('Dados do cliente apagados (LGPD)'),
      timestamp: KEEP,
      conversation_id: KEEP,
    },
    retention: { when: 'older', column: 'timestamp', action: 'erase' },
  },
  knowledge_gaps: {
    // A gap quotes its latest occurrence: the customer of that conversation.
    rows: { by: 'conversation', column: 'conversation_id' },
    columns: {
      id: KEEP,
      question: anonymise('Pergunta apagada (LGPD)'),
      // The question's words, stemmed: unique, so each erased gap gets its own.
      question_key: anonymise({ rowIdPrefix: 'apagada:' }),
      // The operator's reply in that conversation (it may name the customer).
      suggested_answer: erase(null),
      count: KEEP,
      reason: KEEP,
      last_asked_at: KEEP,
      conversation_id: KEEP,
      message_id: KEEP,
      status: KEEP,
      created_at: KEEP,
    },
    retention: { when: 'older', column: 'last_asked_at', action: 'erase' },
  },
  webhook_deliveries: {
    rows: { by: 'client', column: 'client_id' },
    columns: {
      id: KEEP,
      endpoint_id: KEEP,
      event_type: KEEP,
      // The event as posted: message texts, names, phones.
      payload: erase('{"erased":true}'),
      client_id: KEEP,
      status: KEEP,
      attempts: KEEP,
      response_status: KEEP,
      error: KEEP,
      duration_ms: KEEP,
      created_at: KEEP,
      last_attempt_at: KEEP,
      next_attempt_at: KEEP,
    },
    retention: { when: 'older', column: 'created_at', action: 'delete' },
  },
  cloud_api_template_sends: {
    rows: { by: 'provider-message', column: 'provider_message_id' },
    columns: {
      provider_message_id: KEEP,
      name: KEEP,
      language: KEEP,
      // The template's fill-ins: usually the customer's name, an order, a date.
      parameters: erase('[]'),
      created_at: KEEP,
    },
    retention: { when: 'older', column: 'created_at', action: 'delete' },
  },
  simulator_deliveries: {
    rows: { by: 'phone', column: 'phone' },
    columns: {
      id: KEEP,
      provider_message_id: KEEP,
      inbox_id: KEEP,
      phone: erase(''),
      kind: KEEP,
      text: erase(''),
      quoted_provider_message_id: KEEP,
      emoji: KEEP,
      delivered_at: KEEP,
      choices: KEEP,
      media_mime_type: KEEP,
      media_size: KEEP,
      voice: KEEP,
    },
    retention: { when: 'older', column: 'delivered_at', action: 'delete' },
  },
  conversation_resolutions: {
    rows: { by: 'conversation', column: 'conversation_id' },
    columns: {
      id: KEEP,
      conversation_id: KEEP,
      inbox_id: KEEP,
      client_id: KEEP,
      resolved_at: KEEP,
      cycle_started_at: KEEP,
      resolved_by: KEEP,
      person_id: KEEP,
      person_involved: KEEP,
      survey_status: KEEP,
      survey_sent_at: KEEP,
      survey_message_id: KEEP,
      // A rating is a figure; the comment is the customer's own words.
      rating: KEEP,
      rated_at: KEEP,
      comment: erase(null),
      commented_at: KEEP,
      created_at: KEEP,
    },
    retention: { when: 'older', column: 'resolved_at', action: 'erase' },
  },
  satisfaction_settings: notCustomerData("each inbox's survey question", [
    'inbox_id',
    'enabled',
    'question',
    'updated_at',
    'updated_by',
  ]),
  saved_reports: notCustomerData("the team's report definitions", [
    'id',
    'name',
    'name_key',
    'definition',
    'created_by',
    'created_by_name',
    'created_at',
    'updated_at',
  ]),
  // Who changed what: ids of customers (never their data), the team's names and addresses.
  audit_log: notCustomerData('the audit trail names customers by id only', [
    'id',
    'at',
    'actor_id',
    'actor_name',
    'action',
    'target_type',
    'target_id',
    'detail',
    'ip',
  ]),
  jobs: notCustomerData('payloads carry ids (and our own reaction), never a customer’s words', [
    'id',
    'kind',
    'payload',
    'status',
    'attempts',
    'run_at',
    'locked_by',
    'locked_until',
    'last_error',
    'dedupe_key',
    'created_at',
    'updated_at',
  ]),
  whatsapp_auth: notCustomerData(
    "the linked device's encryption keys (per-contact sessions are the device's, renewed by WhatsApp)",
    ['account', 'type', 'id', 'value', 'updated_at'],
  ),
  channel_state: notCustomerData("a channel's connection state and lease", [
    'key',
    'state',
    'updated_at',
    'lease_owner',
    'lease_expires_at',
    'lease_epoch',
    'published_status',
    'command',
    'command_result',
  ]),
  users: notCustomerData('the team', [
    'id',
    'email',
    'name',
    'role',
    'password_hash',
    'avatar',
    'disabled',
    'created_at',
    'updated_at',
    'availability',
    'last_assigned_at',
  ]),
  sessions: notCustomerData("the team's sign-ins", [
    'id',
    'user_id',
    'token_hash',
    'remember',
    'created_at',
    'last_seen_at',
    'expires_at',
    'revoked_at',
    'ip',
    'user_agent',
  ]),
  user_avatars: notCustomerData("the team's pictures", ['user_id', 'mime', 'data', 'updated_at']),
  notification_reads: notCustomerData('read marks', ['user_id', 'notification_id', 'read_at']),
  settings: notCustomerData('configuration', ['key', 'value', 'updated_at', 'updated_by']),
  knowledge_base: notCustomerData("the business's own answers", [
    'id',
    'content',
    'updated_at',
    'updated_by',
  ]),
  labels: notCustomerData('label names', ['id', 'name', 'name_key', 'color', 'created_at']),
  canned_replies: notCustomerData("the team's quick replies", [
    'id',
    'shortcut',
    'content',
    'position',
    'created_at',
    'updated_at',
  ]),
  inboxes: notCustomerData('our own numbers', [
    'id',
    'kind',
    'name',
    'phone',
    'settings',
    'agent_enabled',
    'operator_access',
    'created_at',
    'updated_at',
    'removed_at',
    'auto_assign',
    'assign_capacity',
    'business_hours',
    'sla_first_response_minutes',
    'sla_resolution_minutes',
  ]),
  automation_rules: notCustomerData("the team's rules", [
    'id',
    'name',
    'position',
    'enabled',
    'event',
    'after_value',
    'conditions',
    'actions',
    'builtin',
    'created_at',
    'updated_at',
  ]),
  macros: notCustomerData("the team's macros", [
    'id',
    'name',
    'owner_id',
    'actions',
    'created_at',
    'updated_at',
  ]),
  automation_runs: {
    // What a rule did on the customer's conversation: its lines name labels and people, never the customer.
    rows: { by: 'conversation', column: 'conversation_id' },
    export: { omit: "the team's automation log" },
    columns: {
      id: KEEP,
      rule_id: KEEP,
      rule_name: KEEP,
      conversation_id: KEEP,
      event: KEEP,
      event_id: KEEP,
      outcome: KEEP,
      lines: KEEP,
      created_at: KEEP,
    },
  },
  automation_sends: {
    // A hash of the words a rule sent, to send them once a day at most: no words, the customer's id.
    rows: { by: 'client', column: 'client_id' },
    export: { omit: 'a hash used to avoid repeating an automatic message' },
    columns: { rule_id: KEEP, client_id: KEEP, text_hash: KEEP, sent_at: KEEP },
  },
  inbox_members: notCustomerData('who answers which number', ['inbox_id', 'user_id']),
  webhook_endpoints: notCustomerData('where events are posted', [
    'id',
    'url',
    'description',
    'events',
    'secret',
    'enabled',
    'disabled_reason',
    'failing_since',
    'created_at',
    'updated_at',
  ]),
  api_tokens: notCustomerData('integration credentials', [
    'id',
    'name',
    'token_hash',
    'hint',
    'scopes',
    'created_by',
    'created_by_name',
    'created_at',
    'last_used_at',
    'revoked_at',
  ]),
  order_lookups: notCustomerData('the order-status integration', [
    'id',
    'enabled',
    'url_template',
    'headers',
    'reply_template',
    'updated_at',
  ]),
};

/** The columns of a table holding a customer's data (erase or anonymise), with what erasure writes. */
export function personalColumns(entry: TableEntry): Array<[string, ErasedValue]> {
  return Object.entries(entry.columns).flatMap(([column, treatment]) =>
    treatment.kind === 'keep' ? [] : [[column, treatment.to] as [string, ErasedValue]],
  );
}
