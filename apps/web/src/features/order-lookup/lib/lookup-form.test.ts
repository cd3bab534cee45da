import { type OrderLookupView, orderLookupInputSchema } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { parseForm } from '@/components/form/use-zod-form';
import {
  fillUrl,
  formValuesFrom,
  type LookupFormValues,
  lookupForm,
  newHeaderRow,
  templateFields,
  withEnabled,
} from './lookup-form';

const toLookupInput = (values: LookupFormValues) => parseForm(orderLookupInputSchema, values, lookupForm);

const VIEW: OrderLookupView = {
  enabled: true,
  urlTemplate: 'https://loja.com.br/api/pedidos/{pedido}?tel={telefone}',
  replyTemplate: 'O pedido {{numero}} está {{status}}.',
  headers: [{ name: 'Authorization', value: { isSet: true, masked: '••••c123' } }],
  updatedAt: '2026-05-18T12:00:00.000Z',
};

describe('the lookup form, parsed by the form kit', () => {
  it('sends a stored header left blank back masked, so the server keeps its value', () => {
    const result = toLookupInput(formValuesFrom(VIEW));
    expect(result).toEqual({
      ok: true,
      data: {
        enabled: true,
        urlTemplate: VIEW.urlTemplate,
        replyTemplate: VIEW.replyTemplate,
        headers: [{ name: 'Authorization', value: { isSet: true, masked: '••••c123' } }],
      },
    });
  });

  it('sends what was typed over a stored value, and new headers as typed', () => {
    const values = formValuesFrom(VIEW);
    values.headers[0] = { ...values.headers[0]!, value: 'Bearer novo' };
    values.headers.push({ ...newHeaderRow(), name: 'X-Loja', value: '42' });
    const result = toLookupInput(values);
    expect(result.ok && result.data.headers).toEqual([
      { name: 'Authorization', value: 'Bearer novo' },
      { name: 'X-Loja', value: '42' },
    ]);
  });

  it('asks for the value again when a stored header is renamed, and for a value on a new one', () => {
    const values = formValuesFrom(VIEW);
    values.headers[0] = { ...values.headers[0]!, name: 'X-Api-Key' };
    values.headers.push({ ...newHeaderRow(), name: 'X-Loja' });
    expect(toLookupInput(values)).toEqual({
      ok: false,
      errors: {
        'headers.0.value': 'O nome mudou: digite o valor de novo',
        'headers.1.value': 'Valor do cabeçalho obrigatório',
      },
    });
  });

  it('refuses turning on without a URL or a reply, and a URL that is not http(s)', () => {
    const result = toLookupInput({ enabled: true, urlTemplate: '', replyTemplate: '', headers: [] });
    expect(result).toEqual({
      ok: false,
      errors: { urlTemplate: 'Informe a URL da consulta', replyTemplate: 'Informe o modelo de resposta' },
    });
    const ftp = toLookupInput({ ...formValuesFrom(VIEW), urlTemplate: 'ftp://loja/{pedido}' });
    expect(ftp.ok === false && ftp.errors.urlTemplate).toBe('A URL deve começar com http:// ou https://');
    // Off, an empty configuration may be saved.
    expect(toLookupInput({ enabled: false, urlTemplate: '', replyTemplate: '', headers: [] }).ok).toBe(true);
  });
});

describe('templateFields / fillUrl / withEnabled', () => {
  it('finds each {{field}} once, in order, as the server does', () => {
    expect(templateFields('{{ status }} {{entrega.codigo}} {{status}} {{itens.0.nome}} {{}}')).toEqual([
      'status',
      'entrega.codigo',
      'itens.0.nome',
    ]);
  });

  it('fills the URL template URL-encoded', () => {
    expect(fillUrl(VIEW.urlTemplate, { phone: '+55 11 90000-0001', order: '12/34' })).toBe(
      'https://loja.com.br/api/pedidos/12%2F34?tel=%2B55%2011%2090000-0001',
    );
  });

  it('switching on or off keeps everything else, header values masked', () => {
    expect(withEnabled(VIEW, false)).toEqual({
      enabled: false,
      urlTemplate: VIEW.urlTemplate,
      replyTemplate: VIEW.replyTemplate,
      headers: [{ name: 'Authorization', value: { isSet: true, masked: '••••c123' } }],
    });
  });
});
