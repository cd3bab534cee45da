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
export function apiFetch<T = unknown>(path: string, init: ApiInit = {}): Promise<ApiResult<T>> {
  return apiAt(baseUrl()).apiFetch<T>(path, init);
}

export interface ApiInit {
  method?: string;
  body?: unknown;
  token?: string;
}

export interface Session {
  token: string;
  user: { id: string; name: string; email: string; role: string };
}

/**
 * The API helpers of the server at `base`: the global setup's (the functions below use it) or one a
 * test file started itself (support/test-server.ts), so a file can run the same steps on each.
 */
export function apiAt(base: string) {
  async function call<T = unknown>(
    path: string,
    { method = 'GET', body, token }: ApiInit = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(`${base}/api${path}`, {
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

  async function signInAs(credentials: { email: string; password: string } = DEMO_ADMIN): Promise<Session> {
    const result = await call<{ success: boolean; data?: Session; message?: string }>('/auth/login', {
      method: 'POST',
      body: { ...credentials, remember: false },
    });
    if (result.status !== 200 || !result.body.data) {
      throw new Error(`login falhou (${result.status}): ${JSON.stringify(result.body)}`);
    }
    return result.body.data;
  }

  return {
    apiFetch: call,
    login: signInAs,
    loginAsAdmin: () => signInAs(DEMO_ADMIN),
    loginAsOperator: () => signInAs(DEMO_OPERATOR),

    /** Revokes the session on the server (the page still holds the token). */
    async logout(token: string): Promise<void> {
      await call('/auth/logout', { method: 'POST', token });
    },

    /** Pairs the simulated WhatsApp using the pairing code the status endpoint shows. */
    async pairSimulator(token: string): Promise<void> {
      const status = await call<{ data?: { connected: boolean; pairingCode: string | null } }>(
        '/whatsapp/status',
        { token },
      );
      if (status.body.data?.connected) return;
      const code = status.body.data?.pairingCode;
      if (!code) throw new Error(`sem código de pareamento: ${JSON.stringify(status.body)}`);
      const paired = await call('/simulator/pair', { method: 'POST', token, body: { code } });
      if (paired.status >= 300)
        throw new Error(`pareamento falhou (${paired.status}): ${JSON.stringify(paired.body)}`);
    },

    /** A simulated customer writes to us. */
    async postInbound(
      token: string,
      message: { phone: string; name?: string; text: string },
    ): Promise<{ messageId: string; conversationId: string; clientId: string }> {
      const result = await call<{ data?: { messageId: string; conversationId: string; clientId: string } }>(
        '/simulator/inbound',
        { method: 'POST', token, body: message },
      );
      if (result.status >= 300 || !result.body.data) {
        throw new Error(`inbound falhou (${result.status}): ${JSON.stringify(result.body)}`);
      }
      return result.body.data;
    },
  };
}

export type ServerApi = ReturnType<typeof apiAt>;

export const login = (credentials?: { email: string; password: string }) =>
  apiAt(baseUrl()).login(credentials);
export const loginAsAdmin = () => apiAt(baseUrl()).loginAsAdmin();
export const loginAsOperator = () => apiAt(baseUrl()).loginAsOperator();
export const logout = (token: string) => apiAt(baseUrl()).logout(token);
export const pairSimulator = (token: string) => apiAt(baseUrl()).pairSimulator(token);
export const postInbound = (token: string, message: { phone: string; name?: string; text: string }) =>
  apiAt(baseUrl()).postInbound(token, message);

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
