import { expect } from 'vitest';

/**
 * Calls a server process over real HTTP (`inject` cannot reach another process): the status and the
 * parsed body.
 */
export async function httpRequest(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: checked by the assertions
  return { status: response.status, body: (await response.json()) as any };
}

/** Signs in over HTTP; answers the session's token. */
export async function httpSignIn(base: string, credentials: { email: string; password: string }) {
  const res = await httpRequest(base, 'POST', '/api/auth/login', undefined, {
    ...credentials,
    remember: false,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
}

/** Pairs the process's simulator with the code it shows (each process shows its own), unless connected. */
export async function httpPairSimulator(base: string, token: string): Promise<void> {
  const status = (await httpRequest(base, 'GET', '/api/whatsapp/status', token)).body.data;
  if (status.connected) return;
  const paired = await httpRequest(base, 'POST', '/api/simulator/pair', token, {
    code: status.pairingCode ?? '',
  });
  expect(paired.status, JSON.stringify(paired.body)).toBe(200);
}
