/** Names and customer lines the benchmark seeds draw from (pt-BR, like real traffic). */
export const FIRST_NAMES = [
  'Maria',
  'João',
  'Ana',
  'Pedro',
  'Juliana',
  'Carlos',
  'Fernanda',
  'Lucas',
  'Beatriz',
  'Rafael',
];
export const LAST_NAMES = [
  'Silva',
  'Souza',
  'Oliveira',
  'Santos',
  'Lima',
  'Pereira',
  'Costa',
  'Almeida',
  'Gonçalves',
  'Ribeiro',
];
export const CUSTOMER_LINES = [
  'Qual o prazo de entrega para São Paulo?',
  'Quero trocar um tênis que ficou pequeno',
  'Vocês aceitam Pix?',
  'Meu pedido ainda não chegou, podem verificar?',
  'Tem cupom de desconto para primeira compra?',
  'Obrigado pelo atendimento!',
];
