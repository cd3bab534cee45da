import type { Passage } from '../lib/text/passages.js';
import {
  AI_CLOSINGS,
  AI_GREETINGS,
  AI_HANDOFF_NO_ANSWER,
  AI_HANDOFF_REQUESTED,
  AI_PURCHASE_THANKS,
  CLIENT_GREETINGS,
  CLIENT_IMAGES,
  CLIENT_ORDER_NUMBERS,
  CLIENT_PURCHASES,
  CLIENT_THANKS,
  fill,
  HUMAN_DECLINES,
  HUMAN_FOLLOW_UPS,
  HUMAN_OPENINGS,
  HUMAN_REQUESTS,
  OUT_OF_SCOPE,
  QUESTION_FORMS,
  shortAnswer,
} from './demo-dialogues.js';
import type { Random } from './prng.js';

/** One scripted message of a demo conversation (before it is cut at `now`). */
export interface ScriptedMessage {
  sender: 'client' | 'agent' | 'admin';
  content: string;
  type: 'text' | 'image';
  timestamp: number;
  aiGenerated: boolean;
  confidence: number | null;
  evidence: { passageId: string; title: string; excerpt: string; score: number }[];
  authorName: string | null;
  /** Marks what happened at this message (for status, tags and activities). */
  event?: 'handoff' | 'human_start' | 'purchase' | 'closing' | undefined;
}

export interface ScriptOptions {
  random: Random;
  start: number;
  clientFirstName: string;
  operatorName: string;
  passages: readonly Passage[];
  /** Relative load at the start hour (0–2): answers slow down when busy. */
  load: number;
  /** Local hour of the start (human answers are slower outside business hours). */
  hour: number;
}

export type ScriptKind = 'faq' | 'purchase' | 'out_of_scope' | 'human_request' | 'greeting';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The AI answers in 2–12 s, slower at busy hours. */
function aiDelay(o: ScriptOptions): number {
  return Math.round((1.5 + o.load * 2.5 + o.random.real(0, 3)) * SECOND);
}

/** A person answers in about 1–4 min in business hours, 3–12 min outside them. */
function humanDelay(o: ScriptOptions): number {
  const business = o.hour >= 8 && o.hour < 18;
  return Math.round(
    business ? o.random.real(40, 240) * SECOND * (0.7 + o.load / 2) : o.random.real(3, 12) * MINUTE,
  );
}

const clientDelay = (o: ScriptOptions) => Math.round(o.random.real(15, 150) * SECOND);

/** Writes a plausible conversation of the given kind, message by message, from `start`. */
export function scriptConversation(kind: ScriptKind, o: ScriptOptions): ScriptedMessage[] {
  const { random } = o;
  const out: ScriptedMessage[] = [];
  let t = o.start;
  const client = (content: string, type: 'text' | 'image' = 'text', event?: ScriptedMessage['event']) => {
    out.push({
      sender: 'client',
      content,
      type,
      timestamp: t,
      aiGenerated: false,
      confidence: null,
      evidence: [],
      authorName: null,
      event,
    });
  };
  const ai = (
    content: string,
    confidence: number | null,
    evidence: ScriptedMessage['evidence'] = [],
    event?: ScriptedMessage['event'],
  ) => {
    t += aiDelay(o);
    out.push({
      sender: 'agent',
      content,
      type: 'text',
      timestamp: t,
      aiGenerated: true,
      confidence,
      evidence,
      authorName: null,
      event,
    });
  };
  const human = (content: string, event?: ScriptedMessage['event']) => {
    t += humanDelay(o);
    const sender = o.operatorName.startsWith('Ana') ? 'admin' : 'agent';
    out.push({
      sender,
      content,
      type: 'text',
      timestamp: t,
      aiGenerated: false,
      confidence: null,
      evidence: [],
      authorName: o.operatorName,
      event,
    });
  };
  const values = {
    first: o.clientFirstName,
    operator: o.operatorName.split(' ')[0] ?? o.operatorName,
    order: String(random.int(41000, 58999)),
  };

  if (kind === 'greeting' || random.chance(0.45)) {
    client(random.pick(CLIENT_GREETINGS));
    if (kind === 'greeting' || random.chance(0.5)) ai(random.pick(AI_GREETINGS), random.real(0.9, 0.99));
    t += random.int(3, 20) * SECOND;
  }
  if (kind === 'greeting') {
    if (random.chance(0.5)) {
      t += clientDelay(o);
      client(random.pick(CLIENT_THANKS));
      ai(random.pick(AI_CLOSINGS), random.real(0.85, 0.98), [], 'closing');
    }
    return out;
  }

  if (kind === 'out_of_scope' || kind === 'human_request') {
    const asksPerson = kind === 'human_request';
    const question = asksPerson ? random.pick(HUMAN_REQUESTS) : random.pick(OUT_OF_SCOPE);
    client(question);
    ai(
      asksPerson ? AI_HANDOFF_REQUESTED : AI_HANDOFF_NO_ANSWER,
      asksPerson ? null : random.real(0.12, 0.42),
      [],
      'handoff',
    );
    human(fill(random.pick(HUMAN_OPENINGS), values), 'human_start');
    t += clientDelay(o);
    client(fill(random.pick(CLIENT_ORDER_NUMBERS), values));
    human(fill(random.pick(asksPerson ? HUMAN_FOLLOW_UPS : HUMAN_DECLINES), values));
    if (random.chance(0.6)) {
      t += clientDelay(o);
      client(random.pick(CLIENT_THANKS), 'text', 'closing');
    }
    return out;
  }

  const topics = random.weighted([1, 2, 3], [0.55, 0.33, 0.12]);
  for (let i = 0; i < topics; i++) {
    if (i > 0) t += clientDelay(o);
    if (random.chance(0.08)) {
      client(random.pick(CLIENT_IMAGES), 'image');
      t += random.int(5, 30) * SECOND;
    }
    const passage = random.pick(o.passages);
    client(random.pick(QUESTION_FORMS)(passage.title));
    const confidence = Math.round(random.real(0.66, 0.97) * 100) / 100;
    const evidence = [
      {
        passageId: passage.id,
        title: passage.title,
        excerpt: shortAnswer(passage.text, 180),
        score: confidence,
      },
    ];
    if (random.chance(0.4)) {
      const other = random.pick(o.passages);
      if (other.id !== passage.id) {
        const score = Math.round(confidence * random.real(0.4, 0.8) * 100) / 100;
        evidence.push({
          passageId: other.id,
          title: other.title,
          excerpt: shortAnswer(other.text, 180),
          score,
        });
      }
    }
    ai(shortAnswer(passage.text), confidence, evidence);
  }
  if (kind === 'purchase') {
    t += clientDelay(o) * 2;
    client(random.pick(CLIENT_PURCHASES), 'text', 'purchase');
    ai(random.pick(AI_PURCHASE_THANKS), random.real(0.88, 0.98));
  } else if (random.chance(0.65)) {
    t += clientDelay(o);
    client(random.pick(CLIENT_THANKS));
    ai(random.pick(AI_CLOSINGS), random.real(0.85, 0.98), [], 'closing');
  }
  return out;
}
