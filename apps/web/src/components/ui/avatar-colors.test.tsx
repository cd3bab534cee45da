import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, Avatar, avatarColorIndex } from './avatar';

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

describe('avatar colours', () => {
  it('every pair reads at WCAG AA (4.5:1) in both themes', () => {
    for (const { light, dark } of AVATAR_PALETTE) {
      expect(contrast(light[0], light[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark[0], dark[1])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('are stable per person and spread over the palette', () => {
    expect(avatarColorIndex('Maria Souza')).toBe(avatarColorIndex('Maria Souza'));
    const names = [
      'Fábio Vieira',
      'Rafaela Machado',
      'Bruno Soares',
      'Ana Marques',
      'Bruna Santana',
      'Mariana Andrade',
      'Carlos Lima',
      'Joana Prado',
    ];
    expect(new Set(names.map(avatarColorIndex)).size).toBeGreaterThanOrEqual(5);
  });

  it('two customers get different colours, the same one the same everywhere', () => {
    const { container } = render(
      <>
        <Avatar name="Fábio Vieira" colorSeed="c1" />
        <Avatar name="Rafaela Machado" colorSeed="c2" />
        <Avatar name="Fábio Vieira (editado)" colorSeed="c1" />
      </>,
    );
    const colors = [...container.querySelectorAll('[data-avatar-color]')].map((el) =>
      el.getAttribute('data-avatar-color'),
    );
    expect(colors[0]).toBe(colors[2]);
    expect(colors[0]).not.toBe(colors[1]);
  });
});
