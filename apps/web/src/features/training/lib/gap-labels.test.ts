import { describe, expect, it } from 'vitest';
import { lastUpdateLabel } from './format-updated-at';
import { askedTimes, REASON_LABELS } from './gap-labels';

describe('training labels', () => {
  it('counts asks in pt-BR singular and plural', () => {
    expect(askedTimes(1)).toBe('Perguntado 1 vez');
    expect(askedTimes(3)).toBe('Perguntado 3 vezes');
    expect(askedTimes(1200)).toBe('Perguntado 1.200 vezes');
  });

  it('names both gap reasons', () => {
    expect(REASON_LABELS.handoff.label).toBe('Transferido para humano');
    expect(REASON_LABELS.low_confidence.label).toBe('Baixa confiança');
  });

  it('formats the last update as dd/MM HH:mm in local time', () => {
    const local = new Date(2026, 0, 5, 9, 7);
    expect(lastUpdateLabel(local.toISOString())).toBe('Última atualização: 05/01 09:07');
    expect(lastUpdateLabel(null)).toBe('Nunca atualizada');
    expect(lastUpdateLabel('nope')).toBe('Nunca atualizada');
  });
});
