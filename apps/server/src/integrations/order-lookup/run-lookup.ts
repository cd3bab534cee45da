import { ORDER_LOOKUP_TIMEOUT_MS, type OrderLookupResult } from '@atende/contracts';
import { BlockedDestinationError, type SafeFetch } from '../../lib/safe-fetch.js';

export interface LookupConfig {
  urlTemplate: string;
  headers: ReadonlyArray<{ name: string; value: string }>;
  replyTemplate: string;
}

/**
 * The customer's phone binds the order to the customer: the store answers only for an order of that
 * phone. Without it in the URL any customer would be told about any order number.
 */
export const MISSING_PHONE =
  'A URL precisa conter {telefone}: é com ele que a loja confere que o pedido é de quem pergunta. Sem ele, qualquer cliente consultaria o pedido de outro.';

/** The template with harmless values in its placeholders (to parse and check its host). */
export const withSampleValues = (template: string) =>
  template.replaceAll('{telefone}', '0').replaceAll('{pedido}', '0');

/** `{{caminho.do.campo}}` in the reply template: a field of the store's JSON answer. */
const FIELD = /\{\{\s*([A-Za-z0-9_][A-Za-z0-9_.-]{0,100})\s*\}\}/g;
const LARGEST_ANSWER_BYTES = 256 * 1024;

/** The fields a reply template names, in order, once each. */
export function templateFields(template: string): string[] {
  return [...new Set([...template.matchAll(FIELD)].map((match) => match[1] as string))];
}

/** A field by dotted path (`entrega.status`, `itens.0.nome`), own properties only; text or null. */
function fieldAt(root: unknown, path: string): string | null {
  let value: unknown = root;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * One lookup: the URL template filled (URL-encoded) with the customer's phone and the order number
 * (a template without `{telefone}` is refused: it cannot tie the order to the customer),
 * a GET with the configured headers through the private-address guard, at most 3 s; a 2xx JSON answer
 * that has every field the reply template names fills it. 404 (or a missing field) is "not found";
 * everything else is a reason to hand off.
 */
export async function runLookup(
  fetch: SafeFetch,
  config: LookupConfig,
  input: { phone: string; order: string | null },
): Promise<OrderLookupResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // A configuration saved before the phone was required is not run: it could answer anyone.
  if (!config.urlTemplate.includes('{telefone}')) {
    return { outcome: 'refused', reason: 'a URL da consulta não inclui {telefone}', durationMs: 0 };
  }
  if (config.urlTemplate.includes('{pedido}') && !input.order) {
    return { outcome: 'missing_order', reason: 'número do pedido não informado', durationMs: 0 };
  }
  const url = config.urlTemplate
    .replaceAll('{telefone}', encodeURIComponent(input.phone))
    .replaceAll('{pedido}', encodeURIComponent(input.order ?? ''));
  let response: Awaited<ReturnType<SafeFetch>>;
  try {
    response = await fetch(url, {
      method: 'GET',
      headers: {
        accept: 'application/json',
        ...Object.fromEntries(config.headers.map((h) => [h.name, h.value])),
      },
      redirect: 'error',
      signal: AbortSignal.timeout(ORDER_LOOKUP_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof BlockedDestinationError)
      return { outcome: 'refused', reason: error.message, durationMs: elapsed() };
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      return { outcome: 'timeout', reason: 'a loja não respondeu em 3 s', durationMs: elapsed() };
    return { outcome: 'error', reason: 'falha de conexão com a loja', durationMs: elapsed() };
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return { outcome: 'not_found', reason: 'pedido não encontrado na loja', durationMs: elapsed() };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { outcome: 'error', reason: `a loja respondeu HTTP ${response.status}`, durationMs: elapsed() };
  }
  let answer: unknown;
  try {
    const text = await response.text();
    if (text.length > LARGEST_ANSWER_BYTES) throw new Error('too large');
    answer = JSON.parse(text);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut
      ? { outcome: 'timeout', reason: 'a loja não respondeu em 3 s', durationMs: elapsed() }
      : { outcome: 'error', reason: 'a resposta da loja não é JSON válido', durationMs: elapsed() };
  }
  const fields: Array<{ path: string; value: string }> = [];
  for (const path of templateFields(config.replyTemplate)) {
    const value = fieldAt(answer, path);
    if (value === null) {
      return {
        outcome: 'not_found',
        reason: `a resposta da loja não tem o campo ${path}`,
        durationMs: elapsed(),
      };
    }
    fields.push({ path, value });
  }
  const values = new Map(fields.map((field) => [field.path, field.value]));
  const reply = config.replyTemplate.replace(FIELD, (_match, path: string) => values.get(path) ?? '');
  return { outcome: 'found', reply, fields, durationMs: elapsed() };
}
