/** The server's JSON API as the benches call it: GET without a body, POST with one. */
export async function apiJson<T>(
  base: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Signs in and returns the session token. */
export async function signIn(
  base: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const login = await apiJson<{ data: { token: string } }>(base, '/api/auth/login', null, {
    ...credentials,
    remember: false,
  });
  return login.data.token;
}

/** Pairs the simulated WhatsApp of one server (each instance shows its own code), unless it is paired. */
export async function pairSimulator(base: string, token: string): Promise<void> {
  const status = await apiJson<{ data: { connected: boolean; qr: string | null } }>(
    base,
    '/api/whatsapp/status',
    token,
  );
  if (status.data.connected) return;
  const code = decodeURIComponent(status.data.qr?.split('code=')[1] ?? '');
  await apiJson(base, '/api/simulator/pair', token, { code });
}
