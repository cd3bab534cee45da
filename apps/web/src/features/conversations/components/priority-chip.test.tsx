import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriorityChip } from './priority-chip';

describe('PriorityChip', () => {
  it('names the priority a rule set, for eyes and screen readers', () => {
    render(<PriorityChip priority="urgent" />);
    const chip = screen.getByTestId('conversation-priority');
    expect(chip.textContent).toBe('Prioridade Urgente');
    expect(chip.getAttribute('title')).toBe('Prioridade urgente');
  });

  it('shows nothing without a priority', () => {
    const { container } = render(<PriorityChip priority={null} />);
    expect(container.innerHTML).toBe('');
  });
});
