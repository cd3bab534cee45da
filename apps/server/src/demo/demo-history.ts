import type { Insertable } from 'kysely';
import type { Database } from '../db/schema.js';
import { type ActivityText, activityTexts } from '../kernel/activities/activity-texts.js';
import { lastDays } from '../kernel/time/time-windows.js';
import type { Passage } from '../lib/text/passages.js';
import { type ScriptedMessage, type ScriptKind, scriptConversation } from './demo-conversation.js';
import { REACTION_EMOJIS, shortAnswer } from './demo-dialogues.js';
import { demoPeople } from './demo-people.js';
import type { Random } from './prng.js';

type Row<T extends keyof Database> = Insertable<Database[T]>;

export interface DemoHistory {
  clients: Row<'clients'>[];
  conversations: Row<'conversations'>[];
  messages: Row<'messages'>[];
  reactions: Row<'reactions'>[];
  activities: Row<'activities'>[];
  knowledgeGaps: Row<'knowledge_gaps'>[];
  handlerChanges: Row<'handler_changes'>[];
}

export interface HistoryOptions {
  random: Random;
  now: number;
  days: number;
  conversations: number;
  passages: readonly Passage[];
  /** Operators who answer handed-off conversations: `{ id, name }`. */
  operators: readonly { id: string; name: string }[];
}

const HOUR = 3_600_000;
/** Relative traffic per local hour: quiet nights, peaks late morning, mid-afternoon and evening. */
const HOUR_WEIGHTS = [
  0.15, 0.08, 0.05, 0.04, 0.04, 0.08, 0.25, 0.55, 0.95, 1.35, 1.7, 1.8, 1.45, 1.35, 1.6, 1.75, 1.6, 1.4, 1.2,
  1.3, 1.45, 1.15, 0.7, 0.35,
];
const MAX_WEIGHT = 1.8;
const KINDS: ScriptKind[] = ['faq', 'purchase', 'out_of_scope', 'human_request', 'greeting'];
const KIND_WEIGHTS = [0.6, 0.19, 0.08, 0.08, 0.05];

const SECTION_TAGS: Record<string, string> = {
  'Entrega e frete': 'entrega',
  'Rastreamento de pedidos': 'pedido',
  'Trocas e devoluções': 'troca',
  Pagamento: 'pagamento',
  Cancelamento: 'cancelamento',
  'Nota fiscal': 'nota-fiscal',
  'Cupons e promoções': 'cupom',
  'Garantia e assistência técnica': 'garantia',
  Produtos: 'produto',
};

/** The demo store's time zone: its history is laid out in São Paulo days and hours. */
const DEMO_ZONE = 'America/Sao_Paulo';

/** Local hour in São Paulo (UTC−3 all year since 2019). */
const localHour = (ms: number) => (new Date(ms - 3 * HOUR).getUTCHours() + 24) % 24;

/** Conversation start instants over the last `days` local days: growing, weekday-heavy, by hour. */
function startTimes(o: HistoryOptions): number[] {
  const { random, now } = o;
  const days = lastDays(now, o.days, DEMO_ZONE);
  const dayWeights = days.map((d, i) => {
    const weekday = new Date(d.start - 3 * HOUR).getUTCDay();
    const trend = 0.65 + (0.7 * i) / Math.max(1, days.length - 1);
    const week = weekday === 0 ? 0.6 : weekday === 6 ? 0.8 : 1;
    const elapsed = (d.end - d.start) / (24 * HOUR);
    return trend * week * elapsed;
  });
  const starts: number[] = [];
  while (starts.length < o.conversations) {
    const day = random.weighted(days, dayWeights);
    const t = day.start + Math.floor(random.next() * (day.end - day.start));
    if (random.next() * MAX_WEIGHT <= (HOUR_WEIGHTS[localHour(t)] ?? 1)) starts.push(t);
  }
  // Always some conversations today so far and in yesterday's same span (like-for-like figures).
  const today = days[days.length - 1];
  if (today) {
    const span = Math.max(1, Math.min(now - today.start, 6 * HOUR));
    for (let i = 0; i < 4; i++) starts.push(now - 1 - Math.floor(random.next() * span));
    for (let i = 0; i < 3; i++) starts.push(now - 24 * HOUR - 1 - Math.floor(random.next() * span));
  }
  return starts.sort((a, b) => a - b);
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Builds every row of the demo history in memory (deterministic for a given random and `now`). */
export function buildDemoHistory(o: HistoryOptions): DemoHistory {
  const { random, now } = o;
  const qa = o.passages.filter((p) => p.section !== null);
  const passages = qa.length > 0 ? qa : o.passages;
  const starts = startTimes(o);
  const people = demoPeople(random, Math.max(1, Math.round(starts.length * 0.7)));
  const out: DemoHistory = {
    clients: [],
    conversations: [],
    messages: [],
    reactions: [],
    activities: [],
    knowledgeGaps: [],
    handlerChanges: [],
  };
  const clientIds = people.map(() => random.uuid());
  const clientStats = people.map(() => ({ first: 0, last: 0, messages: 0, busyUntil: 0 }));
  const gaps = new Map<string, Row<'knowledge_gaps'>>();
  let nextPerson = 0;
  const activity = (
    type: Row<'activities'>['type'],
    text: ActivityText,
    timestamp: number,
    conversationId: string | null,
  ) => {
    if (timestamp < now)
      out.activities.push({
        id: random.uuid(),
        type,
        ...text,
        timestamp,
        conversation_id: conversationId,
      });
  };

  for (const start of starts) {
    // A new customer, or (about 1 in 4) a returning one who is not mid-conversation.
    let person =
      nextPerson < people.length && (nextPerson < 8 || random.chance(0.75))
        ? nextPerson++
        : random.int(0, Math.max(0, nextPerson - 1));
    if ((clientStats[person]?.busyUntil ?? 0) > start && nextPerson < people.length) person = nextPerson++;
    const who = people[person];
    const stats = clientStats[person];
    const clientId = clientIds[person];
    if (!who || !stats || !clientId) continue;
    const operator = random.pick(o.operators);
    const hour = localHour(start);
    const kind = random.weighted(KINDS, KIND_WEIGHTS);
    let script = scriptConversation(kind, {
      random,
      start,
      clientFirstName: who.name.split(' ')[0] ?? who.name,
      operatorName: operator.name,
      passages,
      load: (HOUR_WEIGHTS[hour] ?? 1) / MAX_WEIGHT,
      hour,
    });
    // Some customers come back the next day in the same conversation.
    const lastScripted = script[script.length - 1];
    if (lastScripted && kind === 'faq' && random.chance(0.1)) {
      const passage = random.pick(passages);
      const back = lastScripted.timestamp + Math.round(random.real(16, 30) * HOUR);
      script = script.concat([
        {
          sender: 'client',
          content: `Oi, voltei. ${passage.title}`,
          type: 'text',
          timestamp: back,
          aiGenerated: false,
          confidence: null,
          evidence: [],
          authorName: null,
        },
        {
          sender: 'agent',
          content: shortAnswer(passage.text),
          type: 'text',
          timestamp: back + random.int(2000, 9000),
          aiGenerated: true,
          confidence: 0.8,
          evidence: [
            {
              passageId: passage.id,
              title: passage.title,
              excerpt: shortAnswer(passage.text, 180),
              score: 0.8,
            },
          ],
          authorName: null,
        },
      ]);
    }
    const messages = script.filter((m) => m.timestamp < now);
    const first = messages[0];
    const last = messages[messages.length - 1];
    if (!first || !last) continue;

    const conversationId = random.uuid();
    const tags = new Set<string>();
    let convertedAt: number | null = null;
    let handler = 'ai' as 'ai' | 'waiting_human' | 'human';
    let handlerSince = start;
    let handlerUser = null as { id: string; name: string } | null;
    let closed = false;
    let rtTotal = 0;
    let rtCount = 0;
    let awaiting: number | null = null;
    let firstResponse: { ms: number; ai: number } | null = null;
    let lastAi: { id: string; timestamp: number } | null = null;
    const name = who.name;

    activity('conversation', activityTexts.newConversation(name), start, conversationId);
    for (const m of messages) {
      const id = random.uuid();
      for (const e of m.evidence) {
        const section = passages.find((p) => p.id === e.passageId)?.section;
        const tag = section ? SECTION_TAGS[section] : undefined;
        if (tag && e === m.evidence[0]) tags.add(tag);
      }
      let responseMs: number | null = null;
      if (m.sender === 'client') {
        awaiting ??= m.timestamp;
      } else {
        firstResponse ??= { ms: m.timestamp - first.timestamp, ai: m.aiGenerated ? 1 : 0 };
        if (awaiting !== null) {
          responseMs = m.timestamp - awaiting;
          rtTotal += responseMs;
          rtCount += 1;
          awaiting = null;
        }
      }
      if (m.aiGenerated) lastAi = { id, timestamp: m.timestamp };
      onEvent(m, conversationId, name, operator);
      out.messages.push({
        id,
        conversation_id: conversationId,
        provider_message_id: `seed-${id}`,
        sender: m.sender,
        content: m.content,
        type: m.type,
        timestamp: m.timestamp,
        ai_generated: m.aiGenerated ? 1 : 0,
        confidence_score: m.confidence === null ? null : Math.round(m.confidence * 100) / 100,
        media_url: null,
        media_mime_type: m.type === 'image' ? 'image/jpeg' : null,
        reply_to_id: null,
        reply_to_content: null,
        reply_to_sender: null,
        status: m.sender === 'client' ? 'delivered' : now - m.timestamp > 10 * 60_000 ? 'read' : 'delivered',
        author_user_id: m.authorName ? operator.id : null,
        author_name: m.authorName,
        evidence: JSON.stringify(m.evidence),
        created_at: m.timestamp,
        response_ms: responseMs,
      });
    }

    function onEvent(m: ScriptedMessage, convId: string, client: string, op: { id: string; name: string }) {
      if (m.event === 'handoff') {
        tags.add('humano');
        out.handlerChanges.push({
          id: `${convId}:${m.timestamp}`,
          conversation_id: convId,
          at: m.timestamp,
          from_mode: handler,
          to_mode: 'waiting_human',
          cause: m.confidence === null ? 'person_requested' : 'low_confidence',
          reason:
            m.confidence === null
              ? 'cliente pediu atendimento humano'
              : 'pergunta fora da base de conhecimento',
          user_id: null,
        });
        handler = 'waiting_human';
        handlerSince = m.timestamp;
        activity(
          'takeover',
          activityTexts.handedOff(
            client,
            m.confidence === null
              ? 'cliente pediu atendimento humano'
              : 'pergunta fora da base de conhecimento',
          ),
          m.timestamp,
          convId,
        );
        if (m.confidence !== null) {
          const question = messages[messages.indexOf(m) - 1]?.content ?? '';
          const key = question.toLowerCase();
          const gap = gaps.get(key);
          if (gap) {
            gap.count = Number(gap.count) + 1;
            gap.last_asked_at = Math.max(Number(gap.last_asked_at), m.timestamp);
          } else {
            gaps.set(key, {
              id: random.uuid(),
              question_key: key,
              question,
              count: 1,
              reason: 'low_confidence',
              last_asked_at: m.timestamp,
              conversation_id: convId,
              message_id: null,
              suggested_answer: null,
              status: 'open',
              created_at: m.timestamp,
            });
            activity(
              'ai_learning',
              activityTexts.knowledgeGap(truncate(question, 80)),
              m.timestamp + 1000,
              convId,
            );
          }
        }
      } else if (m.event === 'human_start') {
        out.handlerChanges.push({
          id: `${convId}:${m.timestamp - 1000}`,
          conversation_id: convId,
          at: m.timestamp - 1000,
          from_mode: handler,
          to_mode: 'human',
          cause: null,
          reason: 'pedido do cliente',
          user_id: op.id,
        });
        handler = 'human';
        handlerSince = m.timestamp;
        handlerUser = op;
        activity(
          'takeover',
          activityTexts.takenOver(op.name, client, 'pedido do cliente'),
          m.timestamp - 1000,
          convId,
        );
      } else if (m.event === 'purchase') {
        convertedAt = m.timestamp;
        tags.add('venda');
        activity('conversion', activityTexts.conversion(client), m.timestamp, convId);
      } else if (m.event === 'closing') {
        closed = true;
      }
    }

    if (lastAi && random.chance(0.14)) {
      const at = lastAi.timestamp + random.int(5_000, 90_000);
      if (at < now)
        out.reactions.push({
          message_id: lastAi.id,
          sender: 'client',
          emoji: random.pick(REACTION_EMOJIS),
          created_at: at,
        });
    }

    const idle = now - last.timestamp;
    const status =
      idle < 2 * HOUR
        ? handler === 'human' && random.chance(0.2)
          ? 'paused'
          : 'active'
        : convertedAt !== null || closed
          ? 'completed'
          : random.weighted(['abandoned', 'completed', 'paused'], [0.55, 0.3, 0.15]);
    if (status === 'abandoned') tags.add('sem-resposta');

    stats.first ||= first.timestamp;
    stats.last = Math.max(stats.last, last.timestamp);
    stats.messages += messages.filter((m) => m.sender === 'client').length;
    stats.busyUntil = last.timestamp + HOUR;

    const lastMessage = truncate(last.content, 200);
    out.conversations.push({
      id: conversationId,
      client_id: clientId,
      status,
      started_at: first.timestamp,
      last_message: lastMessage,
      last_message_time: last.timestamp,
      message_count: messages.length,
      response_time_total_ms: rtTotal,
      response_count: rtCount,
      awaiting_since: awaiting,
      first_response_ms: firstResponse?.ms ?? null,
      first_response_ai: firstResponse?.ai ?? null,
      sentiment_score:
        Math.round(
          (convertedAt ? random.real(0.55, 0.95) : closed ? random.real(0.2, 0.8) : random.real(-0.5, 0.4)) *
            100,
        ) / 100,
      is_ai_handled: handler === 'ai' ? 1 : 0,
      tags: JSON.stringify([...tags]),
      handler_mode: handler,
      handler_user_id: handlerUser?.id ?? null,
      handler_user_name: handlerUser?.name ?? null,
      // As messaging keeps it: the last person who held it (who a customer coming back goes to).
      last_person_id: handlerUser?.id ?? null,
      handler_since: handlerSince,
      handler_reason:
        handler === 'ai' ? null : handler === 'human' ? 'pedido do cliente' : 'aguardando atendente',
      converted_at: convertedAt,
      updated_at: last.timestamp,
      // Filled in by importHistory.
      search_text: null,
    });
  }

  people.forEach((p, i) => {
    const s = clientStats[i];
    if (!s || s.first === 0) return;
    out.clients.push({
      id: clientIds[i] as string,
      phone: p.phone,
      name: p.name,
      email: p.email,
      avatar: null,
      total_messages: s.messages,
      last_contact: s.last,
      created_at: s.first,
    });
  });
  out.knowledgeGaps = [...gaps.values()];
  dailyActivities(o, out, activity);
  return out;
}

/** A nightly learning summary and backup, and the odd channel reconnect, every day. */
function dailyActivities(
  o: HistoryOptions,
  history: DemoHistory,
  activity: (
    type: Row<'activities'>['type'],
    text: ActivityText,
    timestamp: number,
    conversationId: string | null,
  ) => void,
): void {
  const { random } = o;
  for (const day of lastDays(o.now, o.days, DEMO_ZONE)) {
    const answered = history.messages.filter(
      (m) =>
        m.ai_generated === 1 &&
        Number(m.timestamp) >= day.start - 24 * HOUR &&
        Number(m.timestamp) < day.start,
    ).length;
    activity('system', activityTexts.dailyBackup(), day.start + 2 * HOUR + random.int(0, 600_000), null);
    if (answered > 0)
      activity(
        'ai_learning',
        activityTexts.dailyReview(answered),
        day.start + 3 * HOUR + random.int(0, 600_000),
        null,
      );
    if (random.chance(0.2))
      activity('system', activityTexts.channelReconnected(), day.start + random.int(8, 20) * HOUR, null);
  }
}
