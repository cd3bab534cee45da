import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf, safeImageUrl } from './avatar';
import { Button } from './button';
import { PRIORITY_TONES, PriorityBadge } from './priority-badge';
import { STATUS_LABELS, STATUS_TONES, StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('maps every status to its label and tone', () => {
    expect(STATUS_LABELS).toEqual({
      online: 'Online',
      active: 'Ativo',
      offline: 'Offline',
      inactive: 'Inativo',
      away: 'Ausente',
      pending: 'Pendente',
      busy: 'Ocupado',
      error: 'Erro',
    });
    expect(STATUS_TONES).toEqual({
      online: 'success',
      active: 'success',
      offline: 'gray',
      inactive: 'gray',
      away: 'warning',
      pending: 'warning',
      busy: 'error',
      error: 'error',
    });
    render(<StatusBadge status="busy" />);
    expect(screen.getByText('Ocupado').className).toContain('text-red-700');
  });
});

describe('PriorityBadge', () => {
  it('maps low gray, medium warning, high and critical error', () => {
    expect(PRIORITY_TONES).toEqual({ low: 'gray', medium: 'warning', high: 'error', critical: 'error' });
    render(<PriorityBadge priority="medium" />);
    expect(screen.getByText('Média').className).toContain('text-amber-800');
  });
});

describe('Button', () => {
  it('has four sizes and blocks clicks while loading', () => {
    const { rerender } = render(<Button size="xl">Salvar</Button>);
    expect(screen.getByRole('button', { name: 'Salvar' }).className).toContain('h-12');
    rerender(
      <Button size="sm" isLoading>
        Salvar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Salvar' });
    expect(button.className).toContain('h-8');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('type')).toBe('button');
  });
});

describe('Avatar', () => {
  it('accepts only http(s) and same-origin image URLs', () => {
    expect(safeImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeImageUrl('/avatars/1.png')).toBe('/avatars/1.png');
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl('data:image/svg+xml;base64,AAA')).toBeNull();
    expect(safeImageUrl('//evil.example/a.png')).toBeNull();
    expect(safeImageUrl(null)).toBeNull();
  });

  it('falls back to initials', () => {
    expect(initialsOf('Maria da Silva')).toBe('MS');
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('  ')).toBe('');
    render(<Avatar name="João Pereira" src="javascript:alert(1)" />);
    expect(screen.getByRole('img', { name: 'João Pereira' }).textContent).toBe('JP');
  });
});
