import type { NewResolution } from '../insight/satisfaction/satisfaction.repository.js';
import type { DemoHistory } from './demo-history.js';
import type { Random } from './prng.js';

const MINUTE = 60_000;

/** Ratings as a store's customers give them: kinder to a quick answer than to a wait for a person. */
const RATINGS = [5, 4, 3, 2, 1];
const ALONE = [0.56, 0.27, 0.1, 0.04, 0.03];
const WITH_PERSON = [0.44, 0.3, 0.13, 0.08, 0.05];

const COMMENTS: Record<number, readonly string[]> = {
  5: ['Resolveu rapidinho, obrigado!', 'Atendimento excelente', 'Muito atenciosos, recomendo'],
  4: ['Foi bom, só demorou um pouco', 'Consegui o que precisava'],
  3: ['Demorou para me responderem', 'Poderia ser mais claro sobre o prazo'],
  2: ['Tive que explicar tudo de novo para a atendente'],
  1: ['Não resolveram meu problema', 'Esperei muito e ninguém respondeu'],
};

/**
 * The demo's resolutions and their surveys: each completed conversation was resolved a few minutes
 * after its last message, by the person holding it or by the AI; most customers were asked, about
 * seven in ten answered, some left a comment. Its own generator: the history stays as it was.
 */
export function buildDemoResolutions(history: DemoHistory, random: Random, now: number): NewResolution[] {
  const handedOff = new Set(history.handlerChanges.map((c) => c.conversation_id));
  const out: NewResolution[] = [];
  for (const c of history.conversations) {
    if (c.status !== 'completed' || c.last_message_time == null) continue;
    const resolvedAt = Number(c.last_message_time) + random.int(1, 20) * MINUTE;
    if (resolvedAt >= now) continue;
    const person = c.handler_mode === 'human' ? (c.handler_user_id ?? null) : null;
    const involved = person !== null || handedOff.has(c.id) || c.handler_mode !== 'ai';
    const asked = random.chance(0.95);
    const sentAt = resolvedAt + 2_000;
    const ratedAt = sentAt + random.int(1, 40) * MINUTE;
    const answered = asked && random.chance(0.7) && ratedAt < now;
    const rating = answered ? random.weighted(RATINGS, involved ? WITH_PERSON : ALONE) : null;
    const comment = rating !== null && random.chance(0.25) ? random.pick(COMMENTS[rating] ?? []) : null;
    out.push({
      id: random.uuid(),
      conversation_id: c.id,
      inbox_id: c.inbox_id ?? 'default',
      client_id: c.client_id,
      resolved_at: resolvedAt,
      cycle_started_at: Number(c.started_at),
      resolved_by: person ? 'person' : involved ? 'system' : 'agent',
      person_id: person,
      person_involved: involved ? 1 : 0,
      survey_status: !asked ? 'skipped_opt_out' : rating === null ? 'sent' : comment ? 'commented' : 'rated',
      survey_sent_at: asked ? sentAt : null,
      survey_message_id: null,
      rating,
      rated_at: rating === null ? null : ratedAt,
      comment,
      commented_at: comment ? ratedAt + MINUTE : null,
      created_at: resolvedAt,
    });
  }
  return out;
}
