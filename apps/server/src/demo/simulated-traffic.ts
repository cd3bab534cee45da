import type { FastifyInstance } from 'fastify';
import { readKnowledgeBase } from '../agent/knowledge-base/knowledge-base.repository.js';
import { SimulatorChannel } from '../channels/simulator/simulator-channel.js';
import { now } from '../lib/clock.js';
import { splitPassages } from '../lib/text/passages.js';
import {
  CLIENT_FOLLOW_UPS,
  CLIENT_GREETINGS,
  CLIENT_PURCHASES,
  CLIENT_THANKS,
  HUMAN_REQUESTS,
  OUT_OF_SCOPE,
  QUESTION_FORMS,
  REACTION_EMOJIS,
} from './demo-dialogues.js';
import { demoPeople } from './demo-people.js';
import { createRandom, type Random } from './prng.js';

export interface SimulatedTrafficOptions {
  /** Interval between customer actions, drawn uniformly in [min, max] ms (default 3–10 s). */
  minDelayMs?: number;
  maxDelayMs?: number;
  seed?: number;
}

type Action =
  | 'question'
  | 'follow_up'
  | 'greeting'
  | 'out_of_scope'
  | 'human'
  | 'reaction'
  | 'purchase'
  | 'complete';
const ACTIONS: Action[] = [
  'question',
  'follow_up',
  'greeting',
  'out_of_scope',
  'human',
  'reaction',
  'purchase',
  'complete',
];
const WEIGHTS = [0.36, 0.22, 0.1, 0.06, 0.05, 0.08, 0.07, 0.06];
const RECENT_MS = 2 * 3_600_000;
/** How simulated customers answer the satisfaction survey (mostly happy, as the demo's history). */
const SURVEY_ANSWERS = ['5', '5', '4', 'ótimo', 'nota 4', '😍', '👍', '3', 'ruim', '😡'];

/** The first inbox, when it is a simulator: the demo's customers write to it. */
function simulatorOf(app: FastifyInstance): SimulatorChannel | null {
  const channel = app.domain?.channel.current();
  return channel instanceof SimulatorChannel ? channel : null;
}

/** A recent conversation with a customer we can write as, or null. */
async function recentConversation(app: FastifyInstance, random: Random) {
  const rows = await app.domain.messaging.recentOpenConversations(now() - RECENT_MS, 15);
  return rows.length > 0 ? random.pick(rows) : null;
}

/**
 * Simulated customers (demo mode): every few seconds one of them writes through the simulator
 * channel — exactly the ingest path of `POST /api/simulator/inbound` — asking about the store,
 * following up, greeting, asking something out of scope or for a person; now and then one reacts to
 * our answer, buys (the conversation converts) or says goodbye (it completes). Idle while the channel
 * is not connected. Returns a stopper.
 */
export function startSimulatedTraffic(
  app: FastifyInstance,
  options: SimulatedTrafficOptions = {},
): { stop(): Promise<void> } {
  const random = createRandom(options.seed ?? Date.now());
  const min = options.minDelayMs ?? 3000;
  const max = options.maxDelayMs ?? 10_000;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  let questions: string[] = [];

  async function loadQuestions(): Promise<void> {
    const { content } = await readKnowledgeBase(app.db);
    questions = splitPassages(content)
      .filter((p) => p.section !== null)
      .map((p) => p.title);
  }

  async function write(simulator: SimulatorChannel, phone: string, name: string | null, text: string) {
    return simulator.receive({ phone, name: name ?? undefined, text, type: 'text' });
  }

  async function act(simulator: SimulatorChannel): Promise<void> {
    const action = random.weighted(ACTIONS, WEIGHTS);
    const newcomer = demoPeople(random, 1)[0];
    if (!newcomer) return;
    const ask = () =>
      questions.length > 0
        ? random.pick(QUESTION_FORMS)(random.pick(questions))
        : random.pick(CLIENT_FOLLOW_UPS);

    if (action === 'question') {
      await write(simulator, newcomer.phone, newcomer.name, ask());
      return;
    }
    if (action === 'greeting') {
      await write(simulator, newcomer.phone, newcomer.name, random.pick(CLIENT_GREETINGS));
      return;
    }
    if (action === 'out_of_scope') {
      await write(simulator, newcomer.phone, newcomer.name, random.pick(OUT_OF_SCOPE));
      return;
    }
    const recent = await recentConversation(app, random);
    if (!recent?.phone) {
      await write(simulator, newcomer.phone, newcomer.name, ask());
      return;
    }
    const { phone, name } = recent;
    switch (action) {
      case 'follow_up':
        await write(simulator, phone, name, random.chance(0.5) ? random.pick(CLIENT_FOLLOW_UPS) : ask());
        return;
      case 'human':
        await write(simulator, phone, name, random.pick(HUMAN_REQUESTS));
        return;
      case 'purchase': {
        const result = await write(simulator, phone, name, random.pick(CLIENT_PURCHASES));
        if (recent.converted_at === null) await app.domain.messaging.markConverted(result.conversationId);
        return;
      }
      case 'complete': {
        await write(simulator, phone, name, random.pick(CLIENT_THANKS));
        // The customer said goodbye: resolved as the agent would (already resolved: nothing to do).
        await app.domain.messaging.resolve(recent.id, null).catch(() => undefined);
        // Most answer the satisfaction survey a few seconds later, as they would type it.
        if (random.chance(0.7)) {
          const answer = random.pick(SURVEY_ANSWERS);
          setTimeout(
            () => {
              if (!stopped) void write(simulator, phone, name, answer).catch(() => undefined);
            },
            random.int(4_000, 12_000),
          ).unref();
        }
        return;
      }
      case 'reaction': {
        const target = await app.domain.messaging.lastOutboundProviderId(recent.id);
        if (target) {
          await simulator.receiveReaction({
            phone,
            targetProviderMessageId: target,
            emoji: random.pick(REACTION_EMOJIS),
          });
        }
        return;
      }
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(tick, random.int(min, max));
    timer.unref();
  }

  function tick(): void {
    timer = null;
    const simulator = simulatorOf(app);
    if (!simulator?.status().connected) {
      schedule();
      return;
    }
    inFlight = (questions.length === 0 ? loadQuestions() : Promise.resolve())
      .then(() => act(simulator))
      .catch((err: unknown) => app.log.warn({ err }, 'simulated customer failed'))
      .finally(() => {
        inFlight = null;
        schedule();
      });
  }

  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
  };
}
