import { foldText } from '../../lib/text/normalize.js';

/**
 * Signs, in the customer's own words, that a question needs a person or a system lookup rather than
 * a knowledge-base text, whatever the business: a question about the customer's own account or
 * record ("meu pedido", "minha fatura"), an incident or complaint ("fui cobrado duas vezes", "o
 * técnico não apareceu", "veio frio"), a reference number. Each is a confidence feature, so how much it
 * counts is fitted on the evaluation domains, not decided here.
 */
const OWN_RECORD =
  /\b(?:meu|minha|meus|minhas|o meu|a minha) (?:pedido|pedidos|conta|fatura|boleto|plano|exame|exames|resultado|cadastro|compra|protocolo|reserva|matricula|mensalidade|nota|notas|senha|acesso|contrato|agendamento|cartao|convenio)\b/;
const INCIDENT =
  /\b(?:fui cobrad[oa]|cobraram|cobrado duas|duas vezes|em dobro|nao (?:apareceu|chegou|veio|funciona|funcionou|ta funcionando|esta funcionando|atendeu|atenderam|respondeu|responderam|recebi|foi)|negou|negaram|recusou|recusaram|grosso|grossa|mal educad[oa]|pessim[oa]|horrivel|absurdo|descaso|quebrad[oa]|estragad[oa]|veio (?:fria|frio|errad[oa])|esqueci|perdi (?:meu|minha)|reclamar|reclamacao|processar|procon)\b/;
/**
 * Whether something of the customer's has already happened ("o pedido já foi enviado?", "já chegou?",
 * "o pix já caiu?"): only their record knows, however well the words meet a passage about the
 * process ("Enquanto o pedido não foi enviado, você pode cancelar…").
 */
const STATUS =
  /\bja (?:(?:foi|foram) (?:enviad|entregu|postad|despachad|aprovad|confirmad|liberad|processad|compensad|estornad|reembolsad)[oa]s?|saiu|sairam|chegou|chegaram|caiu|compensou|enviaram|mandaram|postaram|despacharam|aprovaram|liberaram)\b/;
/**
 * A question about today, now, yesterday or a coming event ("qual o prato do dia hoje?", "vai ter
 * aula na sexta?", "quem ganhou ontem?"): a knowledge base states standing rules, not the day's news.
 * "e agora?" is "what do I do now", not a time.
 */
const NOW = /\b(?:hoje|agora|ontem|amanha|esse mes|essa semana|vai ter|neste momento)\b/;
const WHAT_NOW = /\be agora\b/g;
/**
 * Subjects no business's customer service answers from its FAQ, whatever the business: job openings,
 * weather, sports results, politics, exchange rates, traffic, symptoms and medical advice.
 */
const OFF_TOPIC =
  /\b(?:vaga de emprego|emprego|empregos|curriculo|contratando|chover|chuva|previsao do tempo|jogo do|jogo da|campeonato|placar|eleicao|presidente|politica|dolar|cotacao|bolsa de valores|transito|febre|dor|sintoma|sintomas|e grave)\b/;
/** An order, protocol or invoice number (not a year, a price or a time). */
const REFERENCE = /(?:^|[^\d/:,.$])(?!(?:19|20)\d{2}\b)\d{4,}\b/;

export interface QuestionSignals {
  /** 1 when the question is about the customer's own record, its status, an incident or a complaint. */
  personal: number;
  /** 1 when it asks about today, now, yesterday or a coming event. */
  now: number;
  /** 1 when it is about a subject no customer service answers from its FAQ (weather, sports, jobs…). */
  offTopic: number;
}

/**
 * The question folded, every character but letters, digits and the marks of amounts and times
 * turned to spaces.
 */
const signalText = (question: string): string =>
  ` ${foldText(question)
    .replace(/[^a-z0-9$/:,.]+/g, ' ')
    .trim()} `;

export function questionSignals(question: string): QuestionSignals {
  const text = signalText(question);
  return {
    personal: [OWN_RECORD, INCIDENT, STATUS, REFERENCE].some((pattern) => pattern.test(text)) ? 1 : 0,
    now: NOW.test(text.replace(WHAT_NOW, ' ')) ? 1 : 0,
    offTopic: OFF_TOPIC.test(text) ? 1 : 0,
  };
}

/** The question asks whether something of the customer's has already happened: a person looks it up. */
export function asksForRecordStatus(question: string): boolean {
  return STATUS.test(signalText(question));
}

/** The message reports an incident, a complaint or asks whether something of theirs happened yet. */
export function reportsTrouble(message: string): boolean {
  const text = signalText(message);
  return INCIDENT.test(text) || STATUS.test(text);
}
