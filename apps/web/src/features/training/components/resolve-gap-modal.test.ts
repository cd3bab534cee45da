import { describe, expect, it } from 'vitest';
import { parseForm } from '@/components/form/use-zod-form';
import { gapEntrySchema } from './resolve-gap-modal';

const validateEntry = (question: string, answer: string) => {
  const result = parseForm(gapEntrySchema, { question, answer });
  return result.ok ? {} : result.errors;
};

describe('the gap entry form', () => {
  it('accepts a question and a trimmed answer', () => {
    expect(validateEntry('  Vocês abrem no domingo?  ', '  Não, só de segunda a sábado.  ')).toEqual({});
  });

  it('requires an answer that is not just spaces', () => {
    expect(validateEntry('Vocês abrem no domingo?', '   ').answer).toBe('Resposta obrigatória');
  });

  it('bounds both fields like the server does', () => {
    expect(validateEntry('ab', 'ok').question).toMatch(/pelo menos 3/);
    expect(validateEntry('x'.repeat(501), 'ok').question).toMatch(/no máximo 500/);
    expect(validateEntry('Pergunta?', 'y'.repeat(5001)).answer).toMatch(/no máximo 5.000/);
  });
});
