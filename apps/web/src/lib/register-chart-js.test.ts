import { Filler, registry } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { registerChartJs } from './register-chart-js';

describe('registerChartJs', () => {
  it('registers the line and bar charts, their scales and tooltip, and the extras asked for', () => {
    registerChartJs(Filler);
    // A lookup throws (`"category" is not a registered scale.`) for a part never registered.
    const lookups = [
      () => registry.getScale('category'),
      () => registry.getScale('linear'),
      () => registry.getController('line'),
      () => registry.getController('bar'),
      () => registry.getElement('point'),
      () => registry.getElement('line'),
      () => registry.getElement('bar'),
      () => registry.getPlugin('tooltip'),
      () => registry.getPlugin('filler'),
    ];
    for (const lookup of lookups) expect(lookup).not.toThrow();
    expect(() => registry.getPlugin('legend')).toThrow();
  });
});
