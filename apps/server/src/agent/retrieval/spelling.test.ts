import { describe, expect, it } from 'vitest';
import { clausesOf } from './clauses.js';
import { KnowledgeIndex } from './kb-index.js';
import { retrieve } from './retrieve.js';
import { phoneticKey } from './spelling.js';

const KB = `# Estúdio

## Serviços

P: Fazem micropigmentação?
R: Não fazemos micropigmentação; indicamos uma parceira.

P: Tem veterinário na loja?
R: Tem, a consulta custa R$ 140, com hora marcada.

P: Onde fica o estúdio?
R: Estamos na Rua das Acácias, 45, no centro. O endereço tem estacionamento na rua.

P: Vocês aceitam PIX?
R: Aceitamos PIX e cartão.

P: Quanto custa o banho?
R: O banho custa R$ 60. A hidratação sai R$ 30 a mais.

P: Vocês hospedam cães?
R: Hospedamos cães de todos os portes. A diária é R$ 70.

P: Tem creche?
R: A creche funciona das 7h às 19h. A diária da creche é R$ 50.

P: Como chegar?
R: Pegue o ônibus 12 e desça no terminal; é só ir até a praça.
`;
const index = KnowledgeIndex.fromContent(KB);
const topOf = (question: string): string | undefined => retrieve(index, question, []).passages[0]?.passage.id;

describe('spelling by ear and clipped words', () => {
  it('gives words that sound alike one key', () => {
    expect(phoneticKey('fika')).toBe(phoneticKey('fica'));
    expect(phoneticKey('endereso')).toBe(phoneticKey('enderesso'));
    expect(phoneticKey('fazer')).toBe(phoneticKey('faser'));
    expect(phoneticKey('kero')).toBe(phoneticKey('quero'));
    expect(phoneticKey('xuva')).toBe(phoneticKey('chuva'));
  });

  it('meets the word meant: spelt by ear, clipped, or in the other gender', () => {
    expect(topOf('onde fika o estudio?')).toBe('servicos/onde-fica-o-estudio');
    expect(topOf('qual o endereso?')).toBe('servicos/onde-fica-o-estudio');
    expect(topOf('vcs fazem micro?')).toBe('servicos/fazem-micropigmentacao');
    expect(topOf('tem veterinaria ai?')).toBe('servicos/tem-veterinario-na-loja');
  });

  it('does not read an acronym as the common word it looks like', () => {
    // "IR" (imposto de renda) is not the verb "ir" of "é só ir até a praça".
    expect(topOf('qto ta pra fazer o IR?')).not.toBe('servicos/como-chegar');
    expect(topOf('aceitam PIX?')).toBe('servicos/voces-aceitam-pix');
  });
});

describe('background and fragments', () => {
  it('tells the clause that asks from the background', () => {
    expect(clausesOf('vou viajar no feriado, vcs hospedam cachorro?')).toEqual([
      { text: 'vou viajar no feriado,', asks: false },
      { text: 'vcs hospedam cachorro?', asks: true },
    ]);
    expect(clausesOf('quanto custa o banho?')).toEqual([{ text: 'quanto custa o banho?', asks: true }]);
  });

  it('keeps a statement after a question as its background, not a question of its own', () => {
    const r = retrieve(index, 'vcs dao banho no meu cachorro? ele é um shih tzu bem peludo', []);
    expect(r.parts).toHaveLength(1);
    expect(r.passages[0]?.passage.id).toBe('servicos/quanto-custa-o-banho');
  });

  it('answers a fragment after a question from the same passage, and a new topic from its own', () => {
    const fragment = retrieve(index, 'vcs hospedam cachorro? qto a diaria?', []);
    expect(fragment.passages[0]?.passage.id).toBe('servicos/voces-hospedam-caes');
    expect(fragment.parts.flatMap((p) => p.sentences).join(' ')).toContain('R$ 70');
    const two = retrieve(index, 'vcs hospedam cachorro? e aceita pix?', []);
    expect(two.parts.map((p) => p.search.passages[0]?.passage.id)).toEqual([
      'servicos/voces-hospedam-caes',
      'servicos/voces-aceitam-pix',
    ]);
  });
});
