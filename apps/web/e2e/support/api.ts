import { DEMO_ADMIN, DEMO_OPERATOR } from '@atende/contracts';
import { inject } from 'vitest';

/** The URL of the server started by the global setup. */
export function baseUrl(): string {
  return inject('baseUrl');
}

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
}

/** A plain call to the test server; `body` is the parsed JSON (or null). */
export async function apiFetch<T = unknown>(
  path: string,
  { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as T };
}

export interface Session {
  token: string;
  user: { id: string; name: string; email: string; role: string };
}

export async function login(credentials: { email: string; password: string } = DEMO_ADMIN): Promise<Session> {
  const result = await apiFetch<{ success: boolean; data?: Session; message?: string }>('/auth/login', {
    method: 'POST',
    body: { ...credentials, remember: false },
  });
  if (result.status !== 200 || !result.body.data) {
    throw new Error(`login falhou (${result.status}): ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

export const loginAsAdmin = () => login(DEMO_ADMIN);
export const loginAsOperator = () => login(DEMO_OPERATOR);

/** Revokes the session on the server (the page still holds the token). */
export async function logout(token: string): Promise<void> {
  await apiFetch('/auth/logout', { method: 'POST', token });
}

/** Pairs the simulated WhatsApp using the pairing code the status endpoint shows. */
export async function pairSimulator(token: string): Promise<void> {
  const status = await apiFetch<{ data?: { connected: boolean; pairingCode: string | null } }>(
    '/whatsapp/status',
    { token },
  );
  if (status.body.data?.connected) return;
  const code = status.body.data?.pairingCode;
  if (!code) throw new Error(`sem código de pareamento: ${JSON.stringify(status.body)}`);
  const paired = await apiFetch('/simulator/pair', { method: 'POST', token, body: { code } });
  if (paired.status >= 300)
    throw new Error(`pareamento falhou (${paired.status}): ${JSON.stringify(paired.body)}`);
}

/** A simulated customer writes to us. */
export async function postInbound(
  token: string,
  message: { phone: string; name?: string; text: string },
): Promise<{ messageId: string; conversationId: string; clientId: string }> {
  const result = await apiFetch<{ data?: { messageId: string; conversationId: string; clientId: string } }>(
    '/simulator/inbound',
    { method: 'POST', token, body: message },
  );
  if (result.status >= 300 || !result.body.data) {
    throw new Error(`inbound falhou (${result.status}): ${JSON.stringify(result.body)}`);
  }
  return result.body.data;
}

/**
 * A call that must succeed on a server a test file started itself: the response's `data`, or an
 * error naming the path, the status and the body.
 */
export async function ownServerData<T>(
  server: { baseUrl: string } | null | undefined,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  if (!server) throw new Error('o servidor não subiu');
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as { success: boolean; data?: T; message?: string };
  if (!response.ok || !json.success) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data as T;
}
