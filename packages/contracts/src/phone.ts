import { type CountryCode, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/** Numbers typed without a country code are Brazilian. */
const DEFAULT_COUNTRY: CountryCode = 'BR';

/**
 * A phone as stored (digits with the country code, no '+': WhatsApp's form) or as typed
 * ("(11) 97700-1002", "+55 11 97700-1002", "5511977001002"), parsed; undefined when it is no number.
 */
export function parsePhone(input: string | null | undefined): PhoneNumber | undefined {
  const text = (input ?? '').trim();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, '');
  // Digits that start with Brazil's 55 and are too long for a national number carry their country.
  const international = text.startsWith('+') || (digits.startsWith('55') && digits.length >= 12);
  const parsed = international
    ? parsePhoneNumberFromString(`+${digits}`)
    : parsePhoneNumberFromString(text, DEFAULT_COUNTRY);
  if (parsed?.isValid()) return parsed;
  // A stored number of another country ("14155550123") has no '+': try it as international too.
  const asInternational = international ? undefined : parsePhoneNumberFromString(`+${digits}`);
  return asInternational?.isValid() ? asInternational : undefined;
}

/**
 * How a phone reads everywhere in the UI: "+55 11 97700-1002" (Brazil: DDD then the number with its
 * hyphen), "+1 415 555 0123" (others, international form). Anything that is no valid number (a
 * linked-device id, a test number) is shown as it came, with a '+' when it is only digits.
 */
export function formatPhone(input: string | null | undefined): string {
  const raw = (input ?? '').trim();
  if (!raw) return '';
  // Only digits: a stored number, which always carries its country code.
  const isStored = /^\d+$/.test(raw);
  const parsed = isStored ? parsePhoneNumberFromString(`+${raw}`) : parsePhone(raw);
  const phone = parsed?.isValid() ? parsed : undefined;
  if (!phone) return isStored ? `+${raw}` : raw;
  if (phone.country === 'BR') return `+55 ${phone.formatNational().replace(/[()]/g, '')}`;
  return phone.formatInternational();
}

/** The stored form of a valid number: digits with the country code ("5511977001002"). */
export function phoneDigits(input: string | null | undefined): string | null {
  const phone = parsePhone(input);
  return phone ? phone.number.slice(1) : null;
}

export const INVALID_PHONE = 'Telefone inválido: informe DDD e número (ex.: +55 11 97700-1002)';

/** A phone typed in a form, validated by libphonenumber; the value becomes the stored digits. */
export const phoneNumberSchema = z
  .string({ error: INVALID_PHONE })
  .trim()
  .max(40, INVALID_PHONE)
  .transform((value, ctx) => {
    const digits = phoneDigits(value);
    if (digits === null) {
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE });
      return z.NEVER;
    }
    return digits;
  });
