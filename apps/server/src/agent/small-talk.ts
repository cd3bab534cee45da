import { foldText } from '../lib/text/normalize.js';
import { STOP_WORDS } from '../lib/text/stop-words.js';
import { CANONICAL } from '../lib/text/synonyms.js';
import { reportsTrouble } from './retrieval/question-signals.js';

const set = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).filter(Boolean));

/** Words that greet on their own ("oi", "bom dia", "e aí", "salve"). */
const GREETING_HEADS = set('oi oii oie ola opa eai ai eae iae salve hello hi alo dia tarde noite fala');
/** Words a greeting is made of besides them ("tudo bem com vocês?", "como vai?"). */
const GREETINGS = set(
  `${[...GREETING_HEADS].join(' ')} bom bon boa bem tudo td beleza blz joia tranquilo certo bao como vai voce vcs
  esta paz suave lindo saudade saudades`,
);
/** Whom a greeting may name ("oi, loja", "boa tarde meninas"). */
const ADDRESSEES = set(
  `loja pessoal gente galera amigo amiga amigos amigas amg moca moco mocas querida querido meninas meninos
  menina menino flor linda lindo time equipe dona senhor senhora doutor doutora dr dra povo tia tio mano mana
  chefe chefia familia turma queridos queridas sumido sumida`,
);
const THANKS = set(
  `obrigado obrigada obrigadao obrigadinho obrigadinha brigado brigada brigadao brigadu brigadinho brigadinha
  obg obgd obgda obgdo vlw valeu agradeco agradecemos agradecido agradecida grato grata gratidao thanks thx tks
  tmj`,
);
/** Words that acknowledge or settle ("ok", "ótimo, então…", "fechou, amanhã estou aí"). */
const ACKNOWLEDGEMENTS = set(
  `ok okay okk certo certinho otimo otima perfeito perfeita show fechou fechado fechada beleza blz blza
  tranquilo tranquila combinado combinada entendi entendido entendida amei massa top joia legal maravilha
  maravilhoso excelente demais bacana anotado anotei boa aham imagina verdade exato exatamente claro`,
);
/** Leading words that only soften what follows ("ah, ok", "tá bom", "sim, entendi", "bom, então…"). */
const SOFT = set('ta ah aa ahh oh sim tudo entao bom e ai uhum hum hm hmm humm nossa que agora');
/** Second words that make a soft opener an acknowledgement ("tá bom", "tudo certo", "sem problemas"). */
const SOFT_SECONDS = set('bom bem certo problema problemas boa entao vou sim saber');
const FAREWELLS = set('tchau xau abraco abracos bjs beijos beijo flw falou fui');
/** "até" says goodbye only before a when ("até mais", "até amanhã"), not in "até que horas". */
const UNTIL = set('mais logo amanha breve ja segunda terca quarta quinta sexta sabado domingo semana entao');
const farewell = (w: string, next: string | undefined): boolean =>
  FAREWELLS.has(w) || (w === 'ate' && next !== undefined && UNTIL.has(next));
/** Wishes that close a conversation ("bom fim de semana", "fique com Deus"). */
const WISHES =
  /\b(?:(?:bom|boa|otimo|otima|excelente|feliz|boas|felizes) (?:(?:fim|final) de semana|semana|descanso|feriado|feriadao|natal|ano novo|pascoa|festas|trabalho|tarde|noite|domingo|segunda|sexta|viagem|plantao)|fique com deus|fica com deus|deus abencoe|ate (?:mais|logo|amanha|breve|a proxima))\b/;
/** Whether someone is there ("tem alguém aí?", "alguém online?"): a greeting, not a question for the knowledge base. */
const ANYONE_THERE =
  /^(?:(?:oi|ola|opa|boa tarde|bom dia|boa noite)\s*)*(?:tem )?(?:alguem|algm) (?:ai|on|online|aqui|me atende)\s*$/;
/** "dia", "tarde", "noite" greet after "bom"/"boa" ("e de tarde?" asks a time). */
const PART_OF_DAY = set('dia tarde noite');
const DAY_GREETERS = set('bom bon boa');
/** What joins a place to whom a greeting names ("pessoal da farmácia"). */
const OF = set('da do de das dos');
/** Laughs and interjections carry nothing. */
const LAUGHS = /^(?:k+|(?:rs)+|(?:ha)+h?|(?:he)+|(?:hi)+|(?:ah)+)$/;
/**
 * Words that ask, request or object: a message with one of them is a question or a request, not a
 * closing, even without a question mark ("ok, qual o horário de sábado", "ok, mas não chegou").
 */
const ASKING = set(
  `qual quais quanto quantos quanta quantas qto qnto qnt onde aonde quando qdo como cade porque pq quem tem
  posso pode podem poderia poderiam consigo consegue conseguem quero queria gostaria preciso precisava
  precisa precisam aceita aceitam existe favor pf pfv mas porem entretanto contudo manda mande envia envie
  passa informa informe duvida querer quer inclui incluso incluem disponivel disponiveis ainda separa
  separe anota anote faz faca marque agende reserve traz traga ligue confirme avisa avise chame troque
  coloque guarde`,
);
/** Whom a question is put to ("vcs atendem sábado", "vc faz unha"): followed by a verb, it asks. */
const YOU = set('vc vcs voce voces ces');
/** Phrases that ask or report without a word of `ASKING` or `OBJECTING`. */
const ASKING_PHRASES =
  /\b(?:ate que horas?|pra mim|para mim|desde (?:ontem|hoje|cedo|semana|segunda|sexta|sabado|domingo))\b/;
/** Courtesy phrases whose words would read as a request ("pode deixar", "ainda bem", "liga não"). */
const COURTESY_PHRASES = /\b(?:pode deixar|ainda bem|de boa|faz sentido|liga nao|deixa pra la)\b/g;
/** Negations and words of trouble: "já paguei e não liberou", "acabei de receber e veio com defeito". */
const OBJECTING = set(
  `nao nem nunca ninguem nada defeito problema problemas errado errada errados erradas rasgado rasgada
  manchado manchada sumiu atrasado atrasada atraso atrasar atrasei demorando demorou reclamar reclamacao cancelar
  cancelamento devolver devolucao reembolso estorno absurdo ruim pior revoltado revoltada chateado
  chateada irritado irritada decepcionado decepcionada insatisfeito insatisfeita raiva palhacada vergonha
  horrivel pessimo pessima machucado machucada ferido ferida`,
);
/** After "e" these open a new question ("ok, e o sábado", "valeu, e pra entregar?"). */
const FOLLOW_UP_OPENERS = set(
  'o a os as um uma no na nos nas pro pra para de do da se qual quais quanto quantos quando onde como que q vc vcs voce voces',
);
/**
 * What the customer did or will do, said to close ("acabei de pagar", "já fiz o pix", "amanhã levo o
 * carro", "vou passar aí sábado"): first person, done or planned. A past verb alone opens stories as
 * often ("busquei meu cachorro ontem e ele voltou machucado"), so only a short one closes.
 */
const DONE_OR_PLANNED = set(
  'acabei ja vou vamos levo passo mando volto chego trago apareco pronto vejo falo aviso retorno confirmo',
);
/** When a plan happens, before its verb ("amanhã cedo levo o carro", "depois eu vejo com meu marido"). */
const WHEN = set(
  'amanha hoje depois mais tarde cedo logo entao eu segunda terca quarta quinta sexta sabado domingo',
);
/** On the way ("tô a caminho", "já estou chegando"): a closing. */
const ON_THE_WAY = /^(?:ja )?(?:to|tou|estou|ja to) (?:a caminho|chegando|indo ai)\b/;
/** Praise of what was received or done ("chegou tudo certinho", "adorei o atendimento", "que lindo ficou"). */
const PRAISE = set(
  `adorei amei perfeito perfeita certinho certinha lindo linda lindos lindas maravilhoso maravilhosa otimo otima
  excelente impecavel caprichado caprichada quentinha quentinho delicia`,
);
const PRAISE_MAX_WORDS = 14;
const FIRST_PERSON_PAST = /^(?:[a-z]{3,}ei|fiz)$/;
const SHORT_REPORT = 5;

const DOUBLED = /([a-z])\1/;
/** Folded words with stretched endings cut ("obrigadaaa", "valeuu") and chat spellings mapped ("td"). */
function wordsOf(message: string): string[] {
  const out: string[] = [];
  for (const raw of foldText(message).match(/[a-z0-9]+/g) ?? []) {
    // "obrigadaa", "valeeeu", "brigaduuu": a letter held three times or more, or at the end, is one.
    const word =
      raw.length > 3 && DOUBLED.test(raw)
        ? raw.replace(/([a-z])\1{2,}/g, '$1').replace(/([a-z])\1+$/, '$1')
        : raw;
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
 * with an acknowledgement, says goodbye, wishes well, praises, or tells what the customer did or will do.
 * A greeting followed by more is judged by what follows it. Null otherwise.
 */
export function smallTalkOf(message: string, companyName = ''): SmallTalk | null {
  // Courtesy phrases whose words would read as a request ("pode deixar") become the acknowledgement they are.
  const words = wordsOf(message);
  const folded = words.join(' ');
  const joined = folded.replace(COURTESY_PHRASES, 'ok');
  const list = joined === folded ? words : joined.split(' ');
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
  // "pessoal da farmácia", "gente do salão": whom the greeting names, whatever the place.
  const addressed = (i: number) => OF.has(list[i - 1] ?? '') && ADDRESSEES.has(list[i - 2] ?? '');
  const filler = (w: string) => STOP_WORDS.has(w) && !ASKING.has(w);
  /** A word after "vc"/"vcs" that makes it a question put to them ("vcs atendem", "vc faz"). */
  const asksOfYou = (next: string | undefined) =>
    next !== undefined && !STOP_WORDS.has(next) && !courteous(next) && !PRAISE.has(next);
  const greets =
    list.some(
      (w, i) =>
        GREETING_HEADS.has(w) &&
        (w !== 'ai' || list[i - 1] === 'e') &&
        (!PART_OF_DAY.has(w) || DAY_GREETERS.has(list[i - 1] ?? '')),
    ) ||
    (list.length <= 4 && list[0] === 'tudo') ||
    joined.includes('como vai');
  if (list.length <= 12 && greets && list.every((w, i) => courteous(w) || filler(w) || addressed(i)))
    return thanks ? 'thanks' : 'greeting';
  if (ANYONE_THERE.test(joined)) return 'greeting';
  // A greeting that opens more ("boa noite, ainda tá aberto", "oi td bem, a academia abre feriado"): the
  // rest decides.
  let from = 0;
  while (
    from < list.length &&
    (GREETINGS.has(list[from]!) || ADDRESSEES.has(list[from]!) || company.has(list[from]!))
  )
    from++;
  const rest = from > 0 && greets ? list.slice(from) : list;
  const text = rest === list ? joined : rest.join(' ');
  if (asks || rest.some((w) => ASKING.has(w)) || ASKING_PHRASES.test(text) || reportsTrouble(message))
    return null;
  if (rest.some((w, i) => YOU.has(w) && asksOfYou(rest[i + 1]))) return null;
  if (rest.some((w, i) => w === 'e' && i > 0 && FOLLOW_UP_OPENERS.has(rest[i + 1] ?? ''))) return null;
  // "Não, obrigado" thanks; "ok, mas não liberou" objects.
  if (thanks) return rest.some((w) => OBJECTING.has(w) && w !== 'nao') ? null : 'thanks';
  if (rest.some((w) => OBJECTING.has(w))) return null;
  let at = 0;
  while (at < rest.length - 1 && SOFT.has(rest[at]!) && !SOFT_SECONDS.has(rest[at + 1]!)) at++;
  const opener = rest[at]!;
  const second = rest[at + 1] ?? '';
  if (ACKNOWLEDGEMENTS.has(opener) || (SOFT.has(opener) && SOFT_SECONDS.has(second))) return 'closing';
  // Only soft words ("tá", "ah sim", "uhum"); a lone "sim" may answer something, and is left to the rest.
  if (rest.every((w) => SOFT.has(w)) && text !== 'sim') return 'closing';
  if (WISHES.test(text) || ON_THE_WAY.test(text)) return 'closing';
  if (
    farewell(opener, rest[at + 1]) ||
    FAREWELLS.has(rest.at(-1)!) ||
    rest.some((w, i) => farewell(w, rest[i + 1]))
  )
    return 'closing';
  let verb = at;
  while (verb < rest.length - 1 && WHEN.has(rest[verb]!)) verb++;
  if (DONE_OR_PLANNED.has(opener) || DONE_OR_PLANNED.has(rest[verb]!)) return 'closing';
  if (rest.length <= PRAISE_MAX_WORDS && rest.some((w) => PRAISE.has(w))) return 'closing';
  const story = rest.length > SHORT_REPORT || rest.slice(at + 1).includes('e');
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
