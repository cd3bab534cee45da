/** pt-BR lines of the demo history and the simulated customers (Loja Aurora, a fictional store). */

export const CLIENT_GREETINGS = [
  'Oi',
  'Olá, boa tarde!',
  'Bom dia!',
  'Boa noite',
  'Oi, tudo bem?',
  'Olá!',
  'Oi, boa tarde',
  'Bom dia, tudo bom?',
] as const;

export const AI_GREETINGS = [
  'Olá! Sou a assistente virtual da Loja Aurora. Como posso ajudar?',
  'Oi! Aqui é a assistente da Loja Aurora 😊 Em que posso ajudar hoje?',
  'Olá, tudo bem? Sou a assistente virtual da Aurora. Me conta sua dúvida!',
] as const;

/** Ways a customer turns a knowledge-base question into a message. */
export const QUESTION_FORMS: ReadonlyArray<(question: string) => string> = [
  (q) => q,
  (q) => `Oi, ${lowerFirst(q)}`,
  (q) => `Uma dúvida: ${lowerFirst(q)}`,
  (q) => `${q.replace(/\?$/, '')}, por favor?`,
  (q) => lowerFirst(q.replace(/\?$/, '')),
  (q) => `Boa tarde! ${q}`,
  (q) => `Queria saber: ${lowerFirst(q)}`,
];

export const CLIENT_THANKS = [
  'Entendi, obrigado!',
  'Perfeito, obrigada!',
  'Ah, ótimo. Valeu!',
  'Show, muito obrigado',
  'Certo, obrigada pela ajuda',
  'Beleza 👍',
] as const;

export const AI_CLOSINGS = [
  'Por nada! Se precisar de mais alguma coisa, é só chamar. 😊',
  'Fico feliz em ajudar! Posso ajudar em algo mais?',
  'Disponha! A Loja Aurora agradece o contato.',
] as const;

export const OUT_OF_SCOPE = [
  'Vocês vendem peças de carro?',
  'Qual a previsão do tempo para amanhã em BH?',
  'Vocês consertam celular comprado em outra loja?',
  'Consegue me indicar um restaurante perto da loja?',
  'Vocês compram produtos usados?',
  'Vocês aceitam criptomoeda?',
  'Tem vaga de emprego na loja?',
  'Vocês alugam projetor para festa?',
] as const;

export const HUMAN_REQUESTS = [
  'Quero falar com um atendente',
  'Posso falar com uma pessoa, por favor?',
  'atendente',
  'Prefiro falar com alguém da equipe',
  'Me passa para um humano, por favor',
] as const;

export const AI_HANDOFF_NO_ANSWER =
  'Não encontrei essa informação na nossa base. Vou chamar uma pessoa da equipe para te ajudar, tudo bem?';
export const AI_HANDOFF_REQUESTED =
  'Claro! Vou transferir você para um atendente. Em instantes alguém da equipe continua por aqui.';

export const HUMAN_OPENINGS = [
  'Oi, {first}! Aqui é {operator}, da equipe Aurora. Vou verificar isso para você.',
  'Olá, {first}! Sou {operator}, da Loja Aurora. Me passa o número do pedido, por favor?',
  'Oi, {first}, tudo bem? {operator} aqui. Já estou olhando o seu caso.',
] as const;

export const CLIENT_ORDER_NUMBERS = ['É o pedido {order}', 'Pedido {order}', 'O número é {order}'] as const;

/** What a person answers once the customer gives the order number (customer asked for a person). */
export const HUMAN_FOLLOW_UPS = [
  'Obrigada! Já localizei o pedido {order}: ele sai para entrega amanhã. Mais alguma coisa?',
  'Pronto, {first}: registrei a sua solicitação do pedido {order} e você recebe a confirmação por e-mail ainda hoje.',
  'Resolvido! O estorno do pedido {order} já foi solicitado e aparece em até 2 faturas.',
  'Conferi aqui: o pedido {order} está com a transportadora e chega até sexta. Qualquer coisa, me chama!',
] as const;

/** What a person answers to a question the store does not handle. */
export const HUMAN_DECLINES = [
  'Verifiquei aqui e infelizmente não trabalhamos com isso, {first}. Posso ajudar com outra coisa?',
  'Esse serviço a Loja Aurora não oferece, {first}, mas se precisar de algo do nosso catálogo é só falar!',
] as const;

export const CLIENT_PURCHASES = [
  'Fechado! Vou fazer o pedido pelo site agora.',
  'Acabei de finalizar a compra, obrigado!',
  'Já paguei no Pix, pode confirmar meu pedido?',
  'Beleza, vou levar! Comprei agora pelo app.',
  'Ótimo, então vou comprar a geladeira hoje mesmo.',
] as const;

export const AI_PURCHASE_THANKS = [
  'Que ótimo! Obrigada pela compra 🎉 Você vai receber a confirmação por e-mail e o código de rastreamento assim que o pedido for enviado.',
  'Compra confirmada! Obrigada por escolher a Loja Aurora. Qualquer dúvida sobre a entrega, é só chamar.',
] as const;

/** Follow-ups a returning customer writes in an open conversation (simulated traffic). */
export const CLIENT_FOLLOW_UPS = [
  'E o frete para Contagem, quanto fica?',
  'Mais uma coisa: dá para parcelar em quantas vezes?',
  'Ah, e se o produto vier com defeito?',
  'O pedido já foi enviado?',
  'Consigo retirar na loja ainda hoje?',
  'Vocês têm cupom de primeira compra?',
] as const;

export const CLIENT_IMAGES = [
  'Foto da embalagem que chegou amassada',
  'Print do erro no pagamento',
  'Foto da etiqueta do produto',
] as const;

export const REACTION_EMOJIS = ['👍', '❤️', '🙏', '😊', '👏'] as const;

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Fills `{key}` placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

/** The first sentences of an answer, up to about `max` characters. */
export function shortAnswer(text: string, max = 320): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const sentences = flat.match(/[^.!?]+[.!?]+/g) ?? [flat];
  let out = '';
  for (const sentence of sentences) {
    if (out.length > 0 && out.length + sentence.length > max) break;
    out += sentence;
  }
  return out.trim() || flat.slice(0, max);
}
