import { apiPaths, type PublicInfo } from '@atende/contracts';
import { useEffect, useState } from 'react';

/**
 * Reads the `{ success, data: PublicInfo }` answer of GET /public/info by hand (same shape as the
 * contracts' `publicInfoResponseSchema`): the login screen shows it before zod has loaded, which keeps
 * /login within its JavaScript budget. Anything unexpected reads as "no demo".
 */
export function readPublicInfo(json: unknown): PublicInfo | null {
  if (typeof json !== 'object' || json === null) return null;
  const { success, data } = json as { success?: unknown; data?: unknown };
  if (success !== true || typeof data !== 'object' || data === null) return null;
  const { demo, demoCredentials, version, supportEmail } = data as Record<string, unknown>;
  if (typeof demo !== 'boolean' || typeof version !== 'string') return null;
  let credentials: PublicInfo['demoCredentials'] = null;
  if (typeof demoCredentials === 'object' && demoCredentials !== null) {
    const { email, password } = demoCredentials as Record<string, unknown>;
    if (typeof email === 'string' && typeof password === 'string') credentials = { email, password };
  }
  return {
    demo,
    demoCredentials: credentials,
    version,
    supportEmail: typeof supportEmail === 'string' && supportEmail.includes('@') ? supportEmail : null,
  };
}

/** GET /public/info — demo mode and its credentials, before anyone signs in. */
export async function getPublicInfo(signal?: AbortSignal): Promise<PublicInfo | null> {
  const response = await fetch(apiPaths.publicInfo(), {
    headers: { Accept: 'application/json' },
    credentials: 'include',
    signal,
  });
  if (!response.ok) return null;
  return readPublicInfo(await response.json().catch(() => null));
}

/** The login screen's only read; no query cache on the guest side (it keeps /login light). */
export function usePublicInfo(): PublicInfo | null {
  const [info, setInfo] = useState<PublicInfo | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getPublicInfo(controller.signal).then(setInfo, (error: unknown) => {
      if (!controller.signal.aborted) console.warn('Falha ao carregar informações públicas', error);
    });
    return () => controller.abort();
  }, []);
  return info;
}
