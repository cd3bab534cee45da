import type { DashboardStats } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { buildStatCards, changeTone, changeType } from './stat-cards';

const stats: DashboardStats = {
  conversationsToday: 1234,
  conversationsTodayChange: 12.5,
  conversionRate: 18.25,
  conversionRateChange: -2.5,
  avgResponseTime: 3.44,
  avgResponseTimeChange: -20,
  activeClients: 87,
  activeClientsChange: 0,
};

describe('changeType / changeTone', () => {
  it('classifies the sign of a change', () => {
    expect(changeType(3)).toBe('increase');
    expect(changeType(-0.1)).toBe('decrease');
    expect(changeType(0)).toBe('neutral');
    expect(changeType(Number.NaN)).toBe('neutral');
  });

  it('an increase is good and a decrease bad, unless lower is better', () => {
    expect(changeTone('increase')).toBe('positive');
    expect(changeTone('decrease')).toBe('negative');
    expect(changeTone('decrease', true)).toBe('positive');
    expect(changeTone('increase', true)).toBe('negative');
    expect(changeTone('neutral', true)).toBe('neutral');
  });
});

describe('buildStatCards', () => {
  const cards = buildStatCards(stats);
  const byId = Object.fromEntries(cards.map((card) => [card.id, card]));

  it('has the four cards in order with their titles and colours', () => {
    expect(cards.map((c) => [c.title, c.color])).toEqual([
      ['Conversas Hoje', 'blue'],
      ['Taxa de Conversão', 'green'],
      ['Tempo Médio de Resposta', 'amber'],
      ['Clientes Ativos', 'purple'],
    ]);
  });

  it('formats values in pt-BR', () => {
    expect(byId.conversations?.value).toBe('1.234');
    expect(byId.conversion?.value).toBe('18,3%');
    expect(byId.responseTime?.value).toBe('3,4 s');
    expect(byId.activeClients?.value).toBe('87');
  });

  it('shows the change with its sign, unit and period text', () => {
    expect(byId.conversations?.change).toMatchObject({
      type: 'increase',
      value: '+12,5%',
      period: 'vs. ontem',
    });
    expect(byId.conversion?.change).toMatchObject({
      type: 'decrease',
      value: '-2,5 p.p.',
      period: 'vs. semana passada',
    });
    expect(byId.activeClients?.change).toMatchObject({ type: 'neutral', value: '0,0%', tone: 'neutral' });
  });

  it('styles a faster response time (a decrease) as an improvement', () => {
    expect(byId.responseTime?.change).toMatchObject({ type: 'decrease', value: '-20,0%', tone: 'positive' });
    const slower = buildStatCards({ ...stats, avgResponseTimeChange: 15 });
    expect(slower[2]?.change).toMatchObject({ type: 'increase', tone: 'negative' });
  });

  it('styles a lower conversion rate as bad news', () => {
    expect(byId.conversion?.change.tone).toBe('negative');
    expect(byId.conversations?.change.tone).toBe('positive');
  });

  it('describes the change in words for screen readers', () => {
    expect(byId.responseTime?.change.label).toBe('Redução de 20,0% vs. ontem');
    expect(byId.activeClients?.change.label).toBe('Sem variação vs. ontem');
  });
});
