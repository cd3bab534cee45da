import { describe, expect, it } from 'vitest';
import { accessSummary } from './access-summary';

const team = [
  { id: 'u1', name: 'Ana' },
  { id: 'u2', name: 'Bruno' },
  { id: 'u3', name: 'Carla' },
];

describe('accessSummary', () => {
  it('names everyone, up to two members, or counts them', () => {
    expect(accessSummary({ operatorAccess: 'all', memberIds: ['u1'] }, team)).toBe('Todos os operadores');
    expect(accessSummary({ operatorAccess: 'members', memberIds: [] }, team)).toBe('Só administradores');
    expect(accessSummary({ operatorAccess: 'members', memberIds: ['u1', 'u2'] }, team)).toBe('Ana e Bruno');
    expect(accessSummary({ operatorAccess: 'members', memberIds: ['u1', 'u2', 'u3'] }, team)).toBe(
      '3 membros',
    );
    // Operators never load the team: a count.
    expect(accessSummary({ operatorAccess: 'members', memberIds: ['u1'] }, undefined)).toBe('1 membro');
  });
});
