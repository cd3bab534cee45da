import { describe, expect, it } from 'vitest';
import { readPublicInfo } from './get-public-info';

describe('readPublicInfo', () => {
  it('reads the demo flag and credentials', () => {
    expect(
      readPublicInfo({
        success: true,
        data: {
          demo: true,
          demoCredentials: { email: 'admin@atende.local', password: 'atende123' },
          version: '1.0.0',
          supportEmail: 'suporte@loja.com.br',
        },
      }),
    ).toEqual({
      demo: true,
      demoCredentials: { email: 'admin@atende.local', password: 'atende123' },
      version: '1.0.0',
      supportEmail: 'suporte@loja.com.br',
    });
    expect(
      readPublicInfo({ success: true, data: { demo: false, demoCredentials: null, version: '1.0.0' } }),
    ).toEqual({
      demo: false,
      demoCredentials: null,
      version: '1.0.0',
      supportEmail: null,
    });
  });

  it('rejects anything else', () => {
    expect(readPublicInfo(null)).toBeNull();
    expect(readPublicInfo({ success: false, message: 'x' })).toBeNull();
    expect(readPublicInfo({ success: true, data: { demo: 'yes', version: '1' } })).toBeNull();
  });
});
