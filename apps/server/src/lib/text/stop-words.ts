/**
 * pt-BR stop words (already folded: no accents). Function words, interjections ("ah", "eita") and the
 * fillers customers wrap questions in ("gostaria de saber", "vcs", "por favor"), which carry no topic.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a ao aos as ate com como da das de dela dele deles do dos e ela elas ele eles em entre era essa esse
  esta estao estas este esta isso isto ja la lhe mais mas me meu meus minha minhas muito na nas nem
  no nos nossa nosso num numa o os ou para pela pelas pelo pelos por pra pro qual quais quando que quem
  se sem ser seu seus sua suas so sobre tambem te tem ter teu tua um uma uns umas voce voces vc vcs
  eu tu nos ele aqui ai ali entao agora ainda onde qdo q pq porque porquê pois tipo hoje
  gostaria queria quero saber sei posso pode podem poderia consigo consegue existe ha favor
  oi ola bom boa dia tarde noite obrigado obrigada obg vlw valeu tudo bem blz beleza alguem
  sim nao ne isso aquele aquela algum alguma alguns algumas todo toda todos todas cada outro outra
  estou esta estamos sao foi fui vai vou ta to tou tava estava fazer faz faco fiz preciso precisa
  gente moco moca quanto quantos quanta quantas cade tenho temos amigo amiga senhor senhora oii oie opa e ai la
  ah ahh ahn hum humm hmm eita uai ue putz olha ei`
    .split(/\s+/)
    .filter(Boolean),
);
