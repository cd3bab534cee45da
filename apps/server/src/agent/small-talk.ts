import { foldText } from '../lib/text/normalize.js';
import { STOP_WORDS } from '../lib/text/stop-words.js';
import { CANONICAL } from '../lib/text/synonyms.js';
import { reportsTrouble } from './retrieval/question-signals.js';

/** Words that greet on their own ("oi", "bom dia", "e aí", "tudo bem?"). */
const GREETING_HEADS = new Set('oi oii oie ola opa eai ai salve hello hi alo dia tarde noite'.split(' '));
/** Words a greeting is made of besides them. */
const GREETINGS = new Set([
  ...GREETING_HEADS,
  ...'bom boa bem tudo beleza blz joia tranquilo certo bao como vai voce vcs'.split(' '),
]);
/** Whom a greeting may name ("oi, loja", "boa tarde meninas"): not a question either. */
const ADDRESSEES = new Set(
  'loja pessoal gente galera amigo amiga amigos amigas amg moca moco mocas querida querido meninas meninos menina menino flor linda lindo time equipe dona senhor senhora doutor doutora dr dra'.split(
    ' ',
  ),
);
const THANKS = new Set(
  'obrigado obrigada obrigadao obrigadinho obrigadinha brigado brigada brigadao obg vlw valeu agradeco agradecido agradecida grato grata gratidao thanks'.split(
    ' ',
  ),
);
/** Words that acknowledge or settle ("ok", "ótimo, então…", "fechou, amanhã estou aí"). */
const ACKNOWLEDGEMENTS = new Set(
  'ok okay okk certo certinho otimo otima perfeito perfeita show fechou fechado fechada beleza blz tranquilo tranquila combinado combinada entendi entendido entendida amei massa top joia legal maravilha maravilhoso excelente blza'.split(
    ' ',
  ),
);
/** Soft openers that acknowledge with the word after them ("tá bom", "ah, ok", "tudo certo", "bom, então…"). */
const SOFT_OPENERS = new Set('ta ah aa oh tudo entao bom sem de'.split(' '));
const SOFT_SECONDS = new Set([
  ...ACKNOWLEDGEMENTS,
  'bom',
  'bem',
  'problema',
  'problemas',
  'boa',
  'entao',
  'vou',
]);
const FAREWELLS = new Set('tchau xau ate abraco abracos bjs beijos beijo flw falou fui'.split(' '));
/**
 * Words that ask, request or contrast: a message with one of them is a question or a request, not a
 * closing, even without a question mark ("ok, qual o horário de sábado", "ok, mas não chegou").
 */
const ASKING = new Set(
  'qual quais quanto quantos quanta quantas qto qnto qnt onde aonde quando qdo como cade porque pq quem tem posso pode podem poderia poderiam consigo consegue conseguem quero queria gostaria preciso precisava aceita aceitam existe favor pf pfv mas porem entretanto contudo manda mande envia envie passa informa informe'.split(
    ' ',
  ),
);
/** After "e" these open a new question ("ok, e o sábado", "valeu, e pra entregar?"). */
const FOLLOW_UP_OPENERS = new Set(
  'o a os as um uma no na nos nas pro pra para de do da se qual quais quanto quantos quando onde como que q'.split(
    ' ',
  ),
);

/** Folded words with stretched endings cut ("obrigadaaa", "valeuu") and chat spellings mapped ("td"). */
function wordsOf(message: string): string[] {
  const out: string[] = [];
  for (const raw of foldText(message).match(/[a-z0-9]+/g) ?? []) {
    const word = raw.length > 3 ? raw.replace(/([a-z])\1+$/, '$1') : raw;
    for (const w of CANONICAL.get(word) ?? [word]) out.push(w);
  }
  return out;
}

export type SmallTalk = 'greeting' | 'thanks' | 'closing';

/**
 * Whether a message is only courtesy: a greeting ("boa tarde meninas, tudo bem com vcs?"), a
 * thank-you, or a closing that settles the conversation ("Certo, obrigada pela ajuda", "Ótimo, então
 * vou comprar a geladeira hoje mesmo", "acabei de pagar a matrícula, obrigada!"). A closing asks
 * nothing: no question mark, no word that asks, requests or objects, no trouble reported; and it
 * thanks, opens with an acknowledgement or says goodbye. Null for anything else.
 */
export function smallTalkOf(message: string, companyName = ''): SmallTalk | null {
  const list = wordsOf(message);
  if (list.length === 0) return null;
  const company = new Set(wordsOf(companyName));
  const named = (w: string) => ADDRESSEES.has(w) || company.has(w);
  const thanks = list.some((w) => THANKS.has(w));
  const courteous = (w: string) =>
    GREETINGS.has(w) || THANKS.has(w) || ACKNOWLEDGEMENTS.has(w) || FAREWELLS.has(w) || named(w);
  const filler = (w: string) => STOP_WORDS.has(w) && !ASKING.has(w);
  const greets = list.some((w, i) => GREETING_HEADS.has(w) && (w !== 'ai' || list[i - 1] === 'e'));
  if (list.length <= 10 && greets && list.every((w) => courteous(w) || filler(w)))
    return thanks ? 'thanks' : 'greeting';
  if (message.includes('?') || list.some((w) => ASKING.has(w)) || reportsTrouble(message)) return null;
  if (list.some((w, i) => w === 'e' && i > 0 && FOLLOW_UP_OPENERS.has(list[i + 1] ?? ''))) return null;
  if (thanks) return 'thanks';
  const [opener = '', second = ''] = list;
  const acknowledges = ACKNOWLEDGEMENTS.has(opener) || (SOFT_OPENERS.has(opener) && SOFT_SECONDS.has(second));
  if (acknowledges || FAREWELLS.has(opener) || FAREWELLS.has(list.at(-1)!)) return 'closing';
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
