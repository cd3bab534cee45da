import { describe, expect, it } from 'vitest';
import { CHART_SPECS, describeSeries, withAlpha } from './chart-config';

const spec = (id: string) => CHART_SPECS.find((s) => s.id === id)!;

describe('chart configuration', () => {
  it('has the four titles, subtitles, types, colours and heights', () => {
    expect(CHART_SPECS.map((s) => [s.title, s.subtitle, s.type, s.color, s.height])).toEqual([
      ['Conversas por Hora', 'Últimas 24 horas', 'bar', 'blue', 300],
      ['Taxa de Conversão', 'Últimos 7 dias', 'line', 'green', 300],
      ['Tempo de Resposta', 'Últimas 24 horas', 'bar', 'amber', 300],
      ['Crescimento de Clientes', 'Últimos 30 dias', 'line', 'purple', 350],
    ]);
  });

  it('formats tooltips in pt-BR, label and value', () => {
    expect(spec('conversations').tooltipTitle('14:00')).toBe('Hora: 14:00');
    expect(spec('conversations').tooltipLabel(12)).toBe('12 conversas');
    expect(spec('conversations').tooltipLabel(1)).toBe('1 conversa');
    expect(spec('clientGrowth').tooltipLabel(1)).toBe('1 cliente ativo');
    expect(spec('conversions').tooltipTitle('05/03')).toBe('Dia: 05/03');
    expect(spec('conversions').tooltipLabel(12.345)).toBe('12,3% de conversão');
    expect(spec('conversions').tooltipLabel(40)).toBe('40,0% de conversão');
    expect(spec('responseTime').tooltipLabel(3)).toBe('3 s de resposta');
    expect(spec('clientGrowth').tooltipTitle('01/02')).toBe('Data: 01/02');
    expect(spec('clientGrowth').tooltipLabel(1500)).toBe('1.500 clientes ativos');
  });

  it('has integer-only ticks for counts, 0–100 with % for conversion and s for response time', () => {
    expect(spec('conversations').integerTicks).toBe(true);
    expect(spec('clientGrowth').integerTicks).toBe(true);
    expect(spec('conversions').max).toBe(100);
    expect(spec('conversions').tick(50)).toBe('50%');
    expect(spec('responseTime').tick(2.5)).toBe('2,5 s');
    expect(spec('responseTime').tick(2000)).toBe('33 min');
    expect(spec('responseTime').tick(1800)).toBe('30 min');
  });
});

describe('helpers', () => {
  it('tooltips show one decimal in pt-BR', () => {
    expect(spec('conversions').tooltipLabel(0)).toBe('0,0% de conversão');
    expect(spec('responseTime').tooltipLabel(10_730.4)).toBe('2 h 59 min de resposta');
  });

  it('withAlpha turns a hex colour into rgba', () => {
    expect(withAlpha('#3b82f6', 0.2)).toBe('rgba(59, 130, 246, 0.2)');
  });

  it('describes a series for screen readers', () => {
    const text = describeSeries(spec('conversations'), [
      { label: '10:00', value: 4 },
      { label: '11:00', value: 9 },
      { label: '12:00', value: 2 },
    ]);
    expect(text).toBe(
      'Conversas por Hora, últimas 24 horas: 2 conversas em 12:00; pico de 9 conversas em 11:00.',
    );
    expect(describeSeries(spec('conversations'), [])).toBe('Conversas por Hora: sem dados');
  });
});
