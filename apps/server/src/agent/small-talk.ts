import { foldText } from '../lib/text/normalize.js';
import { STOP_WORDS } from '../lib/text/stop-words.js';
import { CANONICAL } from '../lib/text/synonyms.js';
import { reportsTrouble } from './retrieval/question-signals.js';

const set = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter(Boolean));

/** Words that greet on their own ("oi", "bom dia", "e aí", "salve"). */
const GREETING_HEADS = set('oi oii oie ola opa eai ai eae iae salve hello hi alo dia tarde noite fala');
/** Words a greeting is made of besides them ("tudo bem com vocês?", "como vai?"). */
const GREETINGS = set(
  `${[...GREETING_HEADS].join(' ')} bom boa bem tudo td beleza blz joia tranquilo certo bao como vai voce vcs esta`,
);
/** Whom a greeting may name ("oi, loja", "boa tarde meninas"). */
const ADDRESSEES = set(
  `loja pessoal gente galera amigo amiga amigos amigas amg moca moco mocas querida querido meninas meninos
  menina menino flor linda lindo time equipe dona senhor senhora doutor doutora dr dra`,
);
const THANKS = set(
  `obrigado obrigada obrigadao obrigadinho obrigadinha brigado brigada brigadao obg vlw valeu agradeco
  agradecido agradecida grato grata gratidao thanks tmj`,
);
/** Words that acknowledge or settle ("ok", "ótimo, então…", "fechou, amanhã estou aí"). */
const ACKNOWLEDGEMENTS = set(
  `ok okay okk certo certinho otimo otima perfeito perfeita show fechou fechado fechada beleza blz blza
  tranquilo tranquila combinado combinada entendi entendido entendida amei massa top joia legal maravilha
  maravilhoso excelente demais bacana anotado anotei boa aham`,
);
/** Leading words that only soften what follows ("ah, ok", "tá bom", "sim, entendi", "bom, então…"). */
const SOFT = set('ta ah aa ahh oh sim tudo entao bom e ai uhum hum hm hmm humm nossa que');
/** Second words that make a soft opener an acknowledgement ("tá bom", "tudo certo", "sem problemas"). */
const SOFT_SECONDS = set('bom bem certo problema problemas boa entao vou sim saber');
const FAREWELLS = set('tchau xau abraco abracos bjs beijos beijo flw falou fui');
/** "até" says goodbye only before a when ("até mais", "até amanhã"), not in "até que horas". */
const UNTIL = set('mais logo amanha breve ja segunda terca quarta quinta sexta sabado domingo semana entao');
const farewell = (w: string, next: string | undefined): boolean =>
  FAREWELLS.has(w) || (w === 'ate' && next !== undefined && UNTIL.has(next));
/** Wishes that close a conversation ("bom fim de semana", "fique com Deus"). */
const WISHES =
  /\b(?:(?:bom|boa|otimo|otima) (?:fim|final) de semana|boa semana|bom descanso|fique com deus|fica com deus|deus abencoe|ate (?:mais|logo|amanha|breve))\b/;
/** Whether someone is there ("tem alguém aí?", "alguém online?"): a greeting, not a question for the knowledge base. */
const ANYONE_THERE =
  /^(?:(?:oi|ola|opa|boa tarde|bom dia|boa noite)\s*)*(?:tem )?(?:alguem|algm) (?:ai|on|online|aqui|me atende)\s*$/;
/** "dia", "tarde", "noite" greet after "bom"/"boa" ("e de tarde?" asks a time). */
const PART_OF_DAY = set('dia tarde noite');
/** Laughs and interjections carry nothing. */
const LAUGHS = /^(?:k+|(?:rs)+|(?:ha)+h?|(?:he)+|(?:hi)+|(?:ah)+)$/;
/**
 * Words that ask, request or object: a message with one of them is a question or a request, not a
 * closing, even without a question mark ("ok, qual o horário de sábado", "ok, mas não chegou").
 */
const ASKING = set(
  `qual quais quanto quantos quanta quantas qto qnto qnt onde aonde quando qdo como cade porque pq quem tem
  posso pode podem poderia poderiam consigo consegue conseguem quero queria gostaria preciso precisava
  aceita aceitam existe favor pf pfv mas porem entretanto contudo manda mande envia envie passa informa
  informe duvida querer quer`,
);
/** Negations and words of trouble: "já paguei e não liberou", "acabei de receber e veio com defeito". */
const OBJECTING = set(
  `nao nem nunca ninguem nada defeito problema problemas errado errada errados erradas rasgado rasgada
  manchado manchada sumiu atrasado atrasada atraso demorando demorou reclamar reclamacao cancelar
  cancelamento devolver devolucao reembolso estorno absurdo ruim pior revoltado revoltada chateado
  chateada irritado irritada decepcionado decepcionada insatisfeito insatisfeita raiva palhacada vergonha
  horrivel pessimo pessima machucado machucada ferido ferida`,
);
/** After "e" these open a new question ("ok, e o sábado", "valeu, e pra entregar?"). */
const FOLLOW_UP_OPENERS = set(
  'o a os as um uma no na nos nas pro pra para de do da se qual quais quanto quantos quando onde como que q',
);
/**
 * What the customer did or will do, said to close ("acabei de pagar", "já fiz o pix", "amanhã levo o
 * carro", "vou passar aí sábado"): first person, done or planned. A past verb alone opens stories as
 * often ("busquei meu cachorro ontem e ele voltou machucado"), so only a short one closes.
 */
const DONE_OR_PLANNED = set('acabei ja vou vamos levo passo mando volto chego trago apareco pronto');
const FIRST_PERSON_PAST = /^(?:[a-z]{3,}ei|fiz)$/;
const SHORT_REPORT = 5;

/** Folded words with stretched endings cut ("obrigadaaa", "valeuu") and chat spellings mapped ("td"). */
function wordsOf(message: string): string[] {
  const out: string[] = [];
  for (const raw of foldText(message).match(/[a-z0-9]+/g) ?? []) {
    const word = raw.length > 3 ? raw.replace(/([a-z])\1+$/, '$1') : raw;
    if (LAUGHS.test(word)) continue;
    for (const w of CANONICAL.get(word) ?? [word]) out.push(w);
  }
  return out;
}

export type SmallTalk = 'greeting' | 'thanks' | 'closing';

/**
 * Whether a message is only courtesy: a greeting ("boa tarde meninas, tudo bem com vcs?"), a
 * thank-you, or a closing that settles the conversation ("Certo, obrigada pela ajuda", "Ótimo, então
 * vou comprar a geladeira hoje mesmo", "acabei de pagar a matrícula"). A closing asks nothing: no
 * question mark, no word that asks, requests or objects, no trouble reported; and it thanks, opens
 * with an acknowledgement, says goodbye, or tells what the customer did or will do. Null otherwise.
 */
export function smallTalkOf(message: string, companyName = ''): SmallTalk | null {
  const list = wordsOf(message);
  const asks = message.includes('?');
  // An emoji or a "👍" alone.
  if (list.length === 0) return asks || message.trim() === '' ? null : 'closing';
  const company = new Set(wordsOf(companyName));
  const thanks = list.some((w) => THANKS.has(w));
  const courteous = (w: string) =>
    GREETINGS.has(w) ||
    THANKS.has(w) ||
    ACKNOWLEDGEMENTS.has(w) ||
    FAREWELLS.has(w) ||
    w === 'ate' ||
    ADDRESSEES.has(w) ||
    company.has(w);
  const filler = (w: string) => STOP_WORDS.has(w) && !ASKING.has(w);
  const greets =
    list.some(
      (w, i) =>
        GREETING_HEADS.has(w) &&
        (w !== 'ai' || list[i - 1] === 'e') &&
        (!PART_OF_DAY.has(w) || list[i - 1] === 'bom' || list[i - 1] === 'boa'),
    ) ||
    (list.length <= 4 && list[0] === 'tudo') ||
    list.join(' ').includes('como vai');
  if (list.length <= 10 && greets && list.every((w) => courteous(w) || filler(w)))
    return thanks ? 'thanks' : 'greeting';
  if (ANYONE_THERE.test(list.join(' '))) return 'greeting';
  if (asks || list.some((w) => ASKING.has(w)) || reportsTrouble(message)) return null;
  if (list.some((w, i) => w === 'e' && i > 0 && FOLLOW_UP_OPENERS.has(list[i + 1] ?? ''))) return null;
  // "Não, obrigado" thanks; "ok, mas não liberou" objects.
  if (thanks) return list.some((w) => OBJECTING.has(w) && w !== 'nao') ? null : 'thanks';
  if (list.some((w) => OBJECTING.has(w))) return null;
  let at = 0;
  while (at < list.length - 1 && SOFT.has(list[at]!) && !SOFT_SECONDS.has(list[at + 1]!)) at++;
  const opener = list[at]!;
  const second = list[at + 1] ?? '';
  if (ACKNOWLEDGEMENTS.has(opener) || (SOFT.has(opener) && SOFT_SECONDS.has(second))) return 'closing';
  if (WISHES.test(list.join(' '))) return 'closing';
  if (
    farewell(opener, list[at + 1]) ||
    FAREWELLS.has(list.at(-1)!) ||
    list.some((w, i) => farewell(w, list[i + 1]))
  )
    return 'closing';
  if (DONE_OR_PLANNED.has(opener)) return 'closing';
  const story = list.length > SHORT_REPORT || list.slice(at + 1).includes('e');
  if (FIRST_PERSON_PAST.test(opener) && opener !== 'achei' && !story) return 'closing';
  return null;
}

/**
 * A reply for a message that is only courtesy (`smallTalkOf`), or null. Such messages carry no
 * question, so they are neither answered from the knowledge base, nor asked about, nor handed off.
 */
export function smallTalkReply(message: string, assistantName: string, companyName = 'loja'): string | null {
  switch (smallTalkOf(message, companyName)) {
    case 'greeting':
      return `Olá! Eu sou a ${assistantName}, assistente virtual da ${companyName}. Como posso ajudar você hoje?`;
    case 'thanks':
      return 'Por nada! Se precisar de mais alguma coisa, é só chamar.';
    case 'closing':
      return 'Combinado! Se precisar de mais alguma coisa, é só chamar.';
    default:
      return null;
  }
}
