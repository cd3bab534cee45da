import { splitPassages } from '../../lib/text/passages.js';

const TOPICS = [
  'geladeira',
  'fogão',
  'micro-ondas',
  'liquidificador',
  'aspirador',
  'ventilador',
  'notebook',
  'celular',
  'televisão',
  'fone de ouvido',
  'cafeteira',
  'airfryer',
  'sofá',
  'colchão',
  'mesa',
  'cadeira',
  'tablet',
  'impressora',
  'monitor',
  'roteador',
  'câmera',
  'lavadora',
  'secadora',
  'ar-condicionado',
  'batedeira',
];
const ASPECTS = [
  [
    'Qual é a garantia do {t}?',
    'O {t} tem garantia de {n} meses do fabricante, mais a garantia legal de 90 dias.',
  ],
  [
    'Como instalar o {t}?',
    'A instalação do {t} pode ser contratada no carrinho em cidades selecionadas, em até {n} dias úteis.',
  ],
  [
    'Qual é o prazo de entrega do {t}?',
    'O {t} chega em {n} dias úteis nas capitais e pode levar mais no interior.',
  ],
  [
    'O {t} tem voltagem 220V?',
    'O {t} é vendido nas versões 127V e 220V; alguns modelos são bivolt. Confira o modelo {n}.',
  ],
  [
    'Posso trocar o {t}?',
    'O {t} pode ser trocado em até {n} dias se estiver sem uso e na embalagem original.',
  ],
] as const;

/**
 * A knowledge base of `size` passages for latency tests: the demo passages plus generated product
 * questions, so vocabulary and passage length stay realistic.
 */
export function syntheticKnowledgeBase(size: number, demo: string): string {
  const parts = [demo];
  let count = splitPassages(demo).length;
  let i = 0;
  while (count < size) {
    const topic = TOPICS[i % TOPICS.length]!;
    const [title, body] = ASPECTS[Math.floor(i / TOPICS.length) % ASPECTS.length]!;
    const n = String(3 + (i % 27));
    parts.push(
      `### ${title.replaceAll('{t}', topic)} (linha ${Math.floor(i / 125) + 1})\n${body
        .replaceAll('{t}', topic)
        .replaceAll('{n}', n)} Mais detalhes do produto ${topic} ${i} na página do item e no manual.`,
    );
    count++;
    i++;
  }
  return parts.join('\n\n');
}
