import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits, phoneNumberSchema } from './phone.js';

describe('Brazilian phone formats', () => {
  it('shows a stored number as +55 DDD number-with-hyphen', () => {
    expect(formatPhone('5511977001002')).toBe('+55 11 97700-1002');
    expect(formatPhone('552133334444')).toBe('+55 21 3333-4444');
    expect(formatPhone('+55 (11) 97700-1002')).toBe('+55 11 97700-1002');
    expect(formatPhone('14155550123')).toBe('+1 415 555 0123');
  });

  it('keeps what is no number as it came', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('5511911123')).toBe('+5511911123');
    expect(formatPhone('abc')).toBe('abc');
  });

  it('reads a typed number, with or without the country code, as the stored digits', () => {
    expect(phoneDigits('(11) 97700-1002')).toBe('5511977001002');
    expect(phoneDigits('11 97700-1002')).toBe('5511977001002');
    expect(phoneDigits('+55 11 97700-1002')).toBe('5511977001002');
    expect(phoneDigits('5511977001002')).toBe('5511977001002');
    expect(phoneDigits('+1 415 555 0123')).toBe('14155550123');
  });

  it('refuses what is no phone with a pt-BR message', () => {
    for (const bad of ['1', '12ab', '+55 11 1234', '00000000000', 'x'.repeat(50)]) {
      const parsed = phoneNumberSchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/Telefone inválido/);
    }
    expect(phoneNumberSchema.parse(' (21) 3333-4444 ')).toBe('552133334444');
  });
});
