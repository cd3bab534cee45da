import { render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWhatsApp, safeLinkHref } from './whatsapp-format';

const html = (text: string) => {
  const { container, unmount } = render(<div>{formatWhatsApp(text)}</div>);
  const out = container.firstElementChild?.innerHTML ?? '';
  unmount();
  return out;
};
const view = (text: string) =>
  render(<div>{formatWhatsApp(text)}</div>).container.firstElementChild as HTMLElement;

describe('WhatsApp formatting', () => {
  it('bold, italic, strikethrough, monospace and inline code', () => {
    const p = view('Pedido *confirmado*, _chega amanhã_, ~R$ 90~ ```ABC-123``` e `cupom`');
    expect(p.querySelector('strong')?.textContent).toBe('confirmado');
    expect(p.querySelector('em')?.textContent).toBe('chega amanhã');
    expect(p.querySelector('s')?.textContent).toBe('R$ 90');
    expect(p.querySelector('[data-format="mono"]')?.textContent).toBe('ABC-123');
    expect(p.querySelector('[data-format="code"]')?.textContent).toBe('cupom');
    expect(p.textContent).toBe('Pedido confirmado, chega amanhã, R$ 90 ABC-123 e cupom');
  });

  it('nests markers and leaves what does not open and close as typed', () => {
    expect(view('*_muito importante_*').querySelector('strong em')?.textContent).toBe('muito importante');
    expect(view('(*entre parênteses*).').querySelector('strong')?.textContent).toBe('entre parênteses');
    expect(view('"_citado_"!').querySelector('em')?.textContent).toBe('citado');
    for (const plain of [
      '2*3*4',
      'a * b * c',
      'meu_arquivo_final.pdf',
      '*sem fim',
      '**',
      '*não *',
      '~ x ~',
      'window.__a=1; b.__c=2',
      'x_y_z',
      '*a*b',
    ]) {
      const p = view(plain);
      expect(p.textContent, plain).toBe(plain);
      expect(p.querySelector('strong, em, s, code'), plain).toBeNull();
    }
    // A marker never spans lines.
    expect(view('*linha\noutra*').querySelector('strong')).toBeNull();
    // Monospace may span lines and keeps what is inside as typed.
    const mono = view('```linha 1\n*não negrito*```').querySelector('[data-format="mono"]');
    expect(mono?.textContent).toBe('linha 1\n*não negrito*');
    expect(mono?.querySelector('strong')).toBeNull();
  });

  it('lists and quotes as WhatsApp shows them', () => {
    const p = view('Itens:\n* camiseta\n* boné\n1. pagar\n2. enviar\n> o cliente disse _oi_');
    expect([...p.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['camiseta', 'boné']);
    expect([...p.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['pagar', 'enviar']);
    expect(p.querySelector('blockquote em')?.textContent).toBe('oi');
  });

  it('links http(s) addresses only, in a new tab, without opener or referrer', () => {
    const p = view(
      'Rastreie em https://loja.example/pedido?id=1 ou www.loja.com.br, não javascript:alert(1)',
    );
    const anchors = [...p.querySelectorAll('a')];
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual([
      'https://loja.example/pedido?id=1',
      'http://www.loja.com.br/',
    ]);
    for (const a of anchors) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(p.textContent).toContain('javascript:alert(1)');
  });

  it('hostile input stays text: no element, attribute or script comes from the customer', () => {
    for (const hostile of [
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '[clique](javascript:alert(1))',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '*<b>negrito</b>*',
      '`</code><script>x</script>`',
      'https://a.example/"onmouseover="alert(1)',
    ]) {
      const p = view(hostile);
      expect(p.querySelector('script, img, b, iframe'), hostile).toBeNull();
      for (const a of p.querySelectorAll('a')) {
        expect(a.getAttribute('href'), hostile).toMatch(/^https?:\/\//);
        expect(a.getAttributeNames().sort()).toEqual(['class', 'href', 'rel', 'target']);
      }
    }
    expect(safeLinkHref('javascript:alert(1)')).toBeNull();
    expect(safeLinkHref('mailto:a@b.c')).toBeNull();
  });

  it('any input: only our own tags, only safe links, and every character the customer typed that is not a marker', () => {
    const alphabet = fc.constantFrom(
      ...'*_~`> -1.\nab é<>"\'/:hwtps.x🙂'.split(''),
      'https://',
      'javascript:',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 80 }).map((parts) => parts.join('')),
        (text) => {
          const p = view(text);
          for (const element of p.querySelectorAll('*')) {
            expect(['STRONG', 'EM', 'S', 'CODE', 'A', 'UL', 'OL', 'LI', 'BLOCKQUOTE']).toContain(
              element.tagName,
            );
          }
          for (const a of p.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^https?:\/\//);
          const kept = (s: string) => s.replace(/[*_~`>\-\d.\s]/g, '');
          expect(kept(p.textContent ?? '')).toBe(kept(text));
          p.parentElement?.remove();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('grows linearly with the message, even one full of markers', () => {
    // Relative, not absolute, time: the machine is shared. Four times the text must take about four
    // times as long (a parser that scans ahead took forty).
    // "*a *a *a…": every marker opens and none closes, the worst case for a parser that scans ahead.
    const timeOf = (repeat: number) => {
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        formatWhatsApp('*a '.repeat(repeat));
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    timeOf(300);
    const small = timeOf(300);
    const large = timeOf(1200);
    expect(large / Math.max(small, 0.2)).toBeLessThan(12);
    expect(html('*a '.repeat(3))).toContain('*a *a *a');
  });
});
