import { describe, expect, it } from 'vitest';
import { loadBusiness, loadDomain } from '../eval/domains.js';
import { loadDemoKnowledgeBase } from '../eval/run-eval.js';
import { KnowledgeIndex } from './kb-index.js';
import { retrieve, splitQuestions } from './retrieve.js';
import { sentencesOf } from './sentences.js';

const restaurant = KnowledgeIndex.fromContent(loadDomain('restaurante').knowledgeBase);
const top = (r: ReturnType<typeof retrieve>): string | undefined => r.passages[0]?.passage.id;

describe('splitQuestions', () => {
  it('splits two questions, not one question with an "e"', () => {
    expect(splitQuestions('vcs abrem domingo? e aceitam reserva?')).toEqual([
      'vcs abrem domingo?',
      'aceitam reserva?',
    ]);
    expect(splitQuestions('qual o horario de vcs e tem estacionamento?')).toEqual([
      'qual o horario de vcs',
      'tem estacionamento?',
    ]);
    expect(splitQuestions('aceitam cartão de crédito e débito?')).toEqual([
      'aceitam cartão de crédito e débito?',
    ]);
  });

  it('splits at a second question that opens with a preposition ("e com que idade…")', () => {
    expect(splitQuestions('quanto custa a natação e com que idade pode?')).toEqual([
      'quanto custa a natação',
      'com que idade pode?',
    ]);
    expect(splitQuestions('qual o horário e até que horas posso pedir?')).toEqual([
      'qual o horário',
      'até que horas posso pedir?',
    ]);
    expect(splitQuestions('vendem pão de queijo e de frango?')).toEqual([
      'vendem pão de queijo e de frango?',
    ]);
  });

  it('keeps a piece without a word ("#12", a lone number) with the question before it', () => {
    expect(splitQuestions('qual o prazo de entrega? #12')).toEqual(['qual o prazo de entrega? #12']);
    expect(splitQuestions('vcs abrem domingo? 2')).toEqual(['vcs abrem domingo? 2']);
    expect(splitQuestions('12? qual o prazo?')).toEqual(['12?', 'qual o prazo?']);
  });
});

describe('sentencesOf', () => {
  it('splits sentences, not amounts or abbreviations', () => {
    expect(sentencesOf('Custa R$ 1.650 por mês. O Dr. Paulo atende às 8h. Sim!\n- item')).toEqual([
      'Custa R$ 1.650 por mês.',
      'O Dr. Paulo atende às 8h.',
      'Sim!',
      '- item',
    ]);
  });
});

describe('retrieve', () => {
  it('reads an interjection ("Ah, …", "Eita, …") as no word of the question', () => {
    const plain = retrieve(restaurant, 'e se o pedido chegar errado?', []);
    for (const opener of ['Ah', 'Eita', 'Hum']) {
      const result = retrieve(restaurant, `${opener}, e se o pedido chegar errado?`, []);
      expect(top(result)).toBe(top(plain));
      expect(result.confidence).toBe(plain.confidence);
    }
  });

  it('answers each of two questions from its own passage, with its own sentences', () => {
    const r = retrieve(restaurant, 'qual a taxa de entrega e quanto tempo demora?', []);
    expect(r.parts.map((p) => p.search.passages[0]?.passage.id)).toEqual([
      'delivery/qual-a-taxa-de-entrega',
      'delivery/quanto-tempo-demora-a-entrega',
    ]);
    expect(r.parts[0]!.sentences.join(' ')).toContain('R$ 6');
    expect(r.parts[1]!.sentences.join(' ')).toContain('40 a 60 minutos');
    expect(r.confidence).toBe(Math.min(...r.parts.map((p) => p.confidence)));
  });

  it('answers a second question that opens with a preposition from its own passage', () => {
    const gym = KnowledgeIndex.fromContent(loadDomain('academia').knowledgeBase);
    const r = retrieve(gym, 'quanto custa a natação e com que idade pode?', []);
    expect(r.parts.map((p) => p.sentences.join(' '))).toEqual([
      expect.stringContaining('R$ 60'),
      expect.stringContaining('4 anos'),
    ]);
  });

  it('keeps a whole second question apart from the first; a fragment leans on it', () => {
    const internet = KnowledgeIndex.fromContent(loadDomain('internet').knowledgeBase);
    const two = retrieve(internet, 'qto custa o de 300 mega e tem fidelidade?', []);
    expect(two.parts.map((p) => p.search.passages[0]?.passage.id)).toEqual([
      'planos/quais-planos-voces-tem',
      'planos/tem-fidelidade',
    ]);
    const fragment = retrieve(restaurant, 'qual o horario de sabado? e de domingo?', []);
    expect(fragment.parts).toHaveLength(1);
    expect(top(fragment)).toBe('horarios-e-local/qual-o-horario-de-funcionamento');
  });

  it('does not let the first question pull a second one with words of its own onto a third passage', () => {
    const accounting = KnowledgeIndex.fromContent(loadBusiness('contabilidade').knowledgeBase);
    const two = retrieve(accounting, 'qto custa a mensalidade do mei e da pra fazer td online?', []);
    expect(two.parts.map((p) => p.search.passages[0]?.passage.id)).toEqual([
      'mei/quanto-custa-a-contabilidade-para-mei',
      'atendimento/posso-ser-atendido-online',
    ]);
  });

  it("lets a second question that only asks for a kind of value take the first one's topic", () => {
    const store = KnowledgeIndex.fromContent(loadDemoKnowledgeBase());
    const two = retrieve(store, 'oi! qto custa o frete pra BH? e qual o prazo?', []);
    // "prazo" alone reaches the returns passage; with the freight as its topic, the delivery time.
    expect(two.parts.map((p) => p.search.passages[0]?.passage.id)).toEqual([
      'entrega-e-frete/quanto-custa-o-frete',
      'entrega-e-frete/qual-e-o-prazo-de-entrega',
    ]);
  });

  it('follows a short "we don\'t" with the sentence after it, what the business offers instead', () => {
    const school = KnowledgeIndex.fromContent(loadDomain('escola').knowledgeBase);
    const [part] = retrieve(school, 'tem van escolar?', []).parts;
    const best = part!.search.passages[0]!.passage;
    expect(school.focusSentences(part!.search, best)).toEqual([
      'A escola não tem transporte próprio.',
      expect.stringMatching(/^Indicamos três transportadores escolares/),
    ]);
  });

  it('quotes a short answer whole: the exception after the first sentence is the fact asked', () => {
    const salon = KnowledgeIndex.fromContent(loadBusiness('salao-beleza').knowledgeBase);
    const [part] = retrieve(salon, 'fazem micro de sobrancelha?', []).parts;
    expect(part!.search.passages[0]!.passage.id).toBe('unhas-e-estetica/fazem-sobrancelha');
    expect(part!.sentences.join(' ')).toContain('Micropigmentação a gente não faz');
    // A long passage keeps the chosen sentences only.
    const school = KnowledgeIndex.fromContent(loadDomain('escola').knowledgeBase);
    const [fees] = retrieve(school, 'qto custa a mensalidade do ensino medio?', []).parts;
    expect(fees!.search.passages[0]!.passage.id).toMatch(/mensalidades-e-descontos$/);
    expect(fees!.sentences.join(' ')).toContain('R$ 2.490');
    expect(fees!.sentences.join(' ').length).toBeLessThan(fees!.search.passages[0]!.passage.text.length / 2);
  });

  it('reads a follow-up with the previous question, and only when its own words still match', () => {
    const history = [
      { sender: 'client' as const, content: 'que horas abre o jantar?' },
      { sender: 'agent' as const, content: 'No jantar o salão abre das 19h às 23h30.' },
    ];
    const followUp = retrieve(restaurant, 'e o almoço?', history);
    expect(top(followUp)).toBe('horarios-e-local/qual-o-horario-de-funcionamento');
    expect(followUp.parts[0]!.sentences.join(' ')).toContain('11h30');
    const alone = retrieve(restaurant, 'e o almoço?', []);
    expect(top(alone)).not.toBe('horarios-e-local/qual-o-horario-de-funcionamento');

    const unrelated = retrieve(restaurant, 'e quem é o chef?', history);
    expect(unrelated.parts[0]!.context).toBeUndefined();
  });

  it('quotes the sentence of a long passage that answers, not the whole passage', () => {
    const school = KnowledgeIndex.fromContent(loadDomain('escola').knowledgeBase);
    const r = retrieve(school, 'qual o horario do ensino medio?', []);
    const answer = r.parts[0]!.sentences.join(' ');
    expect(answer).toContain('7h às 12h20');
    expect(answer.length).toBeLessThan(r.passages[0]!.passage.text.length / 2);
  });
});
