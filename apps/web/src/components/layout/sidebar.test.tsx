import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './sidebar';

describe('the sidebar', () => {
  it('shows the unread count on Conversas, and nothing at zero', () => {
    const { rerender } = render(
      <MemoryRouter>
        <Sidebar user={null} onLogout={() => {}} badges={{ '/conversations': 3 }} />
      </MemoryRouter>,
    );
    const item = screen.getByRole('link', { name: /Conversas/ });
    expect(item.textContent).toContain('3');
    expect(item.textContent).toContain(', 3 não lidas');
    rerender(
      <MemoryRouter>
        <Sidebar user={null} onLogout={() => {}} badges={{ '/conversations': 0 }} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('nav-badge')).toBeNull();
  });
});
