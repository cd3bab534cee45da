import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { timelineEntry } from '../test-support/fixtures';
import { NoteBubble, SystemLine } from './timeline-line';

describe('the transcript lines', () => {
  it('shows a note as internal: a lock, "Nota privada", its author, and mentions set apart', () => {
    const note = timelineEntry({
      kind: 'note',
      event: null,
      text: 'Fala com o financeiro, @Bruno Lima. Depois @ana paula confere.',
      author: { id: 'u-ana', name: 'Ana Paula' },
      mentions: [
        { id: 'u-bruno', name: 'Bruno Lima' },
        { id: 'u-ana', name: 'Ana Paula' },
      ],
    });
    render(<NoteBubble entry={note} myId="u-bruno" />);
    const shown = screen.getByTestId('note');
    expect(shown.textContent).toContain('Nota privada');
    expect(shown.textContent).toContain('· Ana Paula');
    expect(shown.textContent).toContain('Só a equipe vê');
    expect(screen.getByTestId('note-text').textContent).toBe(note.text);
    const mentions = screen.getAllByTestId('note-mention');
    expect(mentions.map((m) => m.textContent)).toEqual(['@Bruno Lima', '@ana paula']);
    // The one mentioning me stands out.
    expect(mentions[0]?.className).toContain('bg-amber-300/70');
    expect(mentions[1]?.className).not.toContain('bg-amber-300/70');
  });

  it('shows a system line small and centred with its time', () => {
    render(<SystemLine entry={timelineEntry({ createdAt: '2026-03-02T13:32:00.000Z' })} />);
    const line = screen.getByTestId('system-line');
    expect(line.dataset.event).toBe('taken_over');
    expect(line.textContent).toMatch(/^Ana assumiu a conversa · \d{2}:32$/);
  });
});
