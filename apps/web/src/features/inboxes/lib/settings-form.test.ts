import type { InboxSettingsField } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { initialSettingsValues, isSecretSet, settingsPayload, validateSettings } from './settings-form';

const field = (key: string, type: InboxSettingsField['type'], required = true): InboxSettingsField => ({
  key,
  label: key,
  type,
  required,
  placeholder: null,
  help: null,
});

const FIELDS = [
  field('phoneNumberId', 'text'),
  field('accessToken', 'secret'),
  field('maxPerSecond', 'number', false),
  field('graphUrl', 'text', false),
];

describe('inbox settings form', () => {
  it('starts from the stored text and numbers, never from a secret', () => {
    const stored = { phoneNumberId: '123', accessToken: { set: true }, maxPerSecond: 20, graphUrl: null };
    expect(initialSettingsValues(FIELDS, stored)).toEqual({
      phoneNumberId: '123',
      accessToken: '',
      maxPerSecond: '20',
      graphUrl: '',
    });
    expect(isSecretSet(stored, 'accessToken')).toBe(true);
    expect(isSecretSet({ accessToken: { set: false } }, 'accessToken')).toBe(false);
    expect(isSecretSet(undefined, 'accessToken')).toBe(false);
  });

  it('requires required fields, except a secret already stored', () => {
    const empty = initialSettingsValues(FIELDS);
    expect(validateSettings(FIELDS, empty)).toEqual({
      phoneNumberId: 'Campo obrigatório',
      accessToken: 'Campo obrigatório',
    });
    const stored = { accessToken: { set: true } };
    expect(validateSettings(FIELDS, { ...empty, phoneNumberId: ' 1 ' }, stored)).toEqual({});
    expect(validateSettings(FIELDS, { ...empty, phoneNumberId: '1', maxPerSecond: 'x' }, stored)).toEqual({
      maxPerSecond: 'Informe um número',
    });
  });

  it('sends numbers as numbers and leaves empty secrets out; clears text only when editing', () => {
    const values = { phoneNumberId: ' 99 ', accessToken: '', maxPerSecond: '15', graphUrl: '' };
    expect(settingsPayload(FIELDS, values, 'create')).toEqual({ phoneNumberId: '99', maxPerSecond: 15 });
    expect(settingsPayload(FIELDS, values, 'edit')).toEqual({
      phoneNumberId: '99',
      maxPerSecond: 15,
      graphUrl: '',
    });
    expect(settingsPayload(FIELDS, { ...values, accessToken: 'novo' }, 'edit')).toMatchObject({
      accessToken: 'novo',
    });
  });
});
