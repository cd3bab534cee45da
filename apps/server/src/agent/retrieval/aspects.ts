import { foldText } from '../../lib/text/normalize.js';

/**
 * What a question asks of a topic, whatever the business: how much (`price`), at what time of day
 * (`time`), on which days (`day`), how long or by when (`duration`), where (`place`), how to reach
 * someone (`contact`), how many (`quantity`), from what age (`age`). A passage's sentence that states
 * that kind of value answers the question; the section's opening line often does not ("Depende do
 * porte." before "Para cães pequenos o banho sai R$ 55").
 */
export type Aspect = 'price' | 'time' | 'day' | 'duration' | 'place' | 'contact' | 'quantity' | 'age';

export const ASPECTS: readonly Aspect[] = [
  'price',
  'time',
  'day',
  'duration',
  'place',
  'contact',
  'quantity',
  'age',
];

const UNITS_OF_TIME = '(?:tempo|dias?|horas?|minutos?|min|semanas?|mes|meses|anos?)';
const HOW_MUCH = '(?:quanto|quanta|qto|qnto|qnt|qt|qual o valor|qual valor|qual o preco|qual preco)';
const OPEN =
  '(?:abre|abrem|aberto|aberta|abrir|fecha|fecham|fechado|fechada|funciona|funcionam|atende|atendem|atendimento|expediente|trabalham|tem aula|tem aulas|tem treino|horario|horarios)';
const DAYS =
  '(?:segunda|terca|quarta|quinta|sexta|sabado|sabados|domingo|domingos|feriado|feriados|fim de semana|fds)';

/** How a customer asks each aspect (on folded text, punctuation turned to spaces). */
const ASKED: Record<Aspect, RegExp> = {
  price: new RegExp(
    [
      `\\b${HOW_MUCH}\\b(?! ${UNITS_OF_TIME}\\b)(?! (?:vezes|pessoas|alunos|criancas|kg|quilos)\\b)`,
      '\\b(?:preco|precos|valor|valores|custa|custam|custo|custos|cobra|cobram|cobrado|cobrada|cobrar|tarifa|orcamento)\\b',
      '\\b(?:e|eh|sera|fica|sai) (?:pago|paga|gratis|de graca|cobrado|cobrada)\\b',
      '\\b(?:tem|paga|pago|pagar) (?:algum |alguma )?(?:custo|taxa|adicional|acrescimo|a mais|extra)\\b',
      '\\b(?:gratis|de graca|gratuito|gratuita|mais barato|mais barata|mais em conta)\\b',
      '\\bsem (?:pagar|custo|cobrar|taxa)\\b|\\b(?:pagar|cobra|cobram|cobrar|paga) (?:algo|alguma coisa|nada|a mais|extra)\\b',
    ].join('|'),
  ),
  time: new RegExp(
    [
      '\\b(?:que|q|qual|quais|ate que|ate q|a partir de que|a partir de q) (?:horas?|horario|horarios)\\b',
      '\\b(?:horario|horarios)\\b',
      '\\b(?:abre|abrem|fecha|fecham|funciona|funcionam|atende|atendem) (?:ate|a partir|cedo|tarde|de manha|a noite|de noite)\\b',
      '\\b(?:que horas|q horas|ate que horas|ate q horas|ate quando)\\b',
    ].join('|'),
  ),
  // A day named beside opening or service words ("abre domingo?", "a moça atende segunda?"); a day named
  // alone is often the customer's plan ("vou viajar no feriado"), not what is asked.
  day: new RegExp(
    [
      '\\b(?:que|q|qual|quais|em que|em quais) (?:dia|dias)\\b',
      `\\b${DAYS}\\b.*\\b${OPEN}\\b|\\b${OPEN}\\b.*\\b${DAYS}\\b`,
      '\\bdia (?:da semana|util|uteis)\\b',
    ].join('|'),
  ),
  duration: new RegExp(
    [
      `\\b(?:quanto|qto|qnto|qnt|em quanto|em qto|em quantos|quantos|qts) ${UNITS_OF_TIME}\\b`,
      '\\b(?:demora|demoram|demorar|demorado|prazo|prazos|leva quanto|dura|duram|duracao|validade|vale por|vence|vencimento|antecedencia)\\b',
      '\\b(?:quando|qdo|qnd) (?:chega|chegam|fica pronto|fica pronta|sai|ficam prontos|fica|vence|comeca|comecam|termina)\\b',
    ].join('|'),
  ),
  place: new RegExp(
    [
      '\\b(?:onde|aonde|endereco|localizacao|localizado|localizada|qual bairro|que bairro|como chego|como chegar|ponto de referencia)\\b',
      '\\bfica (?:onde|aonde|perto|longe)\\b',
    ].join('|'),
  ),
  contact:
    /\b(?:telefone|fone|celular|whatsapp|whats|zap|wpp|insta|instagram|email|e mail|site|contato|numero de vcs|numero de voces|ligar)\b/,
  quantity: new RegExp(
    `\\b(?:quantos|quantas|qts|qtas)\\b(?! ${UNITS_OF_TIME}\\b)|\\b(?:maximo|minimo|limite|lotacao|capacidade)\\b`,
  ),
  age: /\b(?:idade|anos de idade|com quantos anos|a partir de quantos anos|menor de idade|menores de idade)\b|\b(?:tem|tenho|de|com) \d{1,2} anos\b/,
};

/** How a passage's sentence states each aspect (on folded text, punctuation kept). */
const STATED: Record<Aspect, RegExp> = {
  price:
    /r\$ ?\d|\b\d+(?:[.,]\d+)? ?(?:reais|%)|\b(?:gratis|gratuito|gratuita|de graca|sem custo|nao cobra|nao cobramos|sem taxa|sem acrescimo|isento|isenta|incluso|inclusa|incluido|incluida|desconto)\b/,
  time: /\b\d{1,2} ?h(?:\d{2})?\b|\b\d{1,2}:\d{2}\b|\bmeio[ -]dia\b|\bmeia[ -]noite\b|\b24 horas\b/,
  day: /\b(?:segunda|terca|quarta|quinta|sexta|sabado|sabados|domingo|domingos|feriado|feriados|fim de semana|dias? uteis|todos os dias|diariamente|dia \d{1,2}|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\b/,
  duration:
    /\b(?:\d+|um|uma|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez|quinze|vinte|trinta)(?: a \d+)? ?(?:dias?|horas?|minutos?|min|semanas?|meses|mes|anos?)\b|\b(?:mesmo dia|na hora|no ato|imediat[oa]|imediatamente|dia seguinte|ate o dia|vencimento|antecedencia)\b/,
  place:
    /\b(?:rua|r\.|avenida|av\.|alameda|travessa|rodovia|praca|estrada|bairro|centro|shopping|perto d[aeo]|ao lado d[aeo]|esquina|andar|sala|loja \d|km \d|cep)\b/,
  contact:
    /\(\d{2}\) ?\d{4,5}-?\d{4}|\b0800\b|@[a-z0-9_.]{3,}|\b(?:whatsapp|telefone|e-mail|email|site|instagram|aplicativo|app)\b|\.com\b/,
  quantity: /\b\d+\b|\b(?:um|uma|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez)\b/,
  age: /\b\d{1,2} (?:a \d{1,2} )?anos\b|\b(?:idade|maiores de|menores de|adulto|adultos|criancas?|bebes?)\b/,
};

const askText = (question: string): string =>
  ` ${foldText(question)
    .replace(/[^a-z0-9$@]+/g, ' ')
    .trim()} `;

/**
 * Whether a word of the question asks for a kind of value ("custa", "valor", "prazo", "horário"): it
 * names the aspect asked, not the topic. Stops at the first aspect found.
 */
export function asksForValue(word: string): boolean {
  const text = askText(word);
  return ASPECTS.some((a) => ASKED[a].test(text));
}

/** The aspects a customer's question asks (none: a yes/no or open question). */
export function askedAspects(question: string): Aspect[] {
  const text = askText(question);
  const asked = ASPECTS.filter((a) => ASKED[a].test(text));
  // "quantos anos" is an age, "quantas vezes" a count: the narrower reading wins.
  if (asked.includes('age')) return asked.filter((a) => a !== 'quantity' && a !== 'duration');
  if (asked.includes('duration')) return asked.filter((a) => a !== 'quantity' && a !== 'price');
  // "que horas" and "horário" name a time; the day named with it ("sábado até que horas?") is context.
  if (asked.includes('time') && asked.includes('day') && /\b(?:que|q) horas|\bate (?:que|q)\b/.test(text))
    return asked.filter((a) => a !== 'day');
  return asked;
}

/** The aspects a sentence of the knowledge base states. */
export function statedAspects(sentence: string): Set<Aspect> {
  const text = foldText(sentence);
  return new Set(ASPECTS.filter((a) => STATED[a].test(text)));
}

/** Share of the asked aspects that these stated ones hold (1 when none is asked). */
export function aspectShare(asked: readonly Aspect[], stated: ReadonlySet<Aspect>): number {
  if (asked.length === 0) return 1;
  return asked.filter((a) => stated.has(a)).length / asked.length;
}
