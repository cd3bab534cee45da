import { describe, expect, it } from 'vitest';
import { clarificationOptions } from './clarification.js';
import { readPick } from './clarification-reply.js';

const options = clarificationOptions('m1', [
  { passageId: 'nf/cnpj', title: 'Posso emitir nota fiscal com CNPJ?', confidence: 0.46 },
  { passageId: 'nf/como', title: 'Como consigo a nota fiscal?', confidence: 0.3 },
  { passageId: 'privacidade/dados', title: 'Como vocês usam meus dados pessoais?', confidence: 0.2 },
]);
const keywords = ['atendente', 'humano'];
const pick = (reply: string, tapped?: string) => readPick(reply, options, tapped, keywords);
const picked = (reply: string, tapped?: string) => {
  const result = pick(reply, tapped);
  return result.kind === 'none' ? 'none' : `${result.kind}:${result.option?.id}:${result.by}`;
};

describe('readPick', () => {
  it.each([
    ['2', 'option:m1:2:number'],
    ['2.', 'option:m1:2:number'],
    ['a 2', 'option:m1:2:number'],
    ['opção 1 por favor', 'option:m1:1:number'],
    ['a segunda', 'option:m1:2:number'],
    ['terceira opção', 'option:m1:3:number'],
    ['4', 'person:m1:atendente:number'],
  ])('by number or ordinal: %s', (reply, expected) => {
    expect(picked(reply)).toBe(expected);
  });

  it.each([
    ['como consigo a nota fiscal', 'option:m1:2:words'],
    ['é sobre o CNPJ', 'option:m1:1:words'],
    ['meus dados', 'option:m1:3:words'],
    // Both titles hold "nota fiscal"; the one that is nothing else is the closer.
    ['nota fiscal', 'option:m1:2:words'],
    ['quero falar com um atendente', 'person:m1:atendente:words'],
  ])("by the topic's words: %s", (reply, expected) => {
    expect(picked(reply)).toBe(expected);
  });

  it('by a tap on the interactive list, whatever the text says', () => {
    expect(picked('Como consigo a nota…', 'm1:2')).toBe('option:m1:2:interactive');
    expect(picked('Falar com um atendente', 'm1:atendente')).toBe('person:m1:atendente:interactive');
    // A tap on an older question's list is not a pick here: the text is read instead.
    expect(picked('Como consigo a nota fiscal?', 'older:1')).toBe('option:m1:2:words');
  });

  it.each([['sim'], ['5'], ['1 ou 2'], ['qual o horário da loja?'], ['abre segunda?']])(
    'anything else names no option: %s',
    (reply) => {
      expect(pick(reply)).toEqual({ kind: 'none' });
    },
  );
});
