import { apiPaths } from '@atende/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The session (lib/session) and the sign-in actions that start and end it. */
type AuthStore = typeof import('@/lib/session') & typeof import('./auth-store');
type ApiClient = typeof import('@/lib/api-client');
let auth: AuthStore;
let client: ApiClient;

/** Loads the store afresh, as when the app starts: it reads the stored token on load. */
async function startApp(): Promise<void> {
  vi.resetModules();
  auth = { ...(await import('@/lib/session')), ...(await import('./auth-store')) };
  client = await import('@/lib/api-client');
}

const user = {
  id: 'u1',
  name: 'Ana Admin',
  email: 'admin@atende.local',
  role: 'admin' as const,
  avatar: null,
};

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('auth store', () => {
  it('starts unauthenticated without a stored token', async () => {
    await startApp();
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: false, isLoading: false, token: null });
  });

  it('treats a stored token as authenticated + loading, then validates it with /auth/me', async () => {
    localStorage.setItem('auth_token', 'tok');
    await startApp();
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: true, isLoading: true, token: 'tok' });
    fetchMock.mockResolvedValueOnce(respond(200, { success: true, data: user }));
    await auth.validateSession();
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: true, isLoading: false, user });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/me');
    expect(init.headers.Authorization).toBe('Bearer tok');
  });

  it('clears the session when validation fails, with "Token inválido"', async () => {
    localStorage.setItem('auth_token', 'stale');
    await startApp();
    fetchMock.mockResolvedValueOnce(
      respond(401, { success: false, message: 'Sessão expirada', code: 'UNAUTHORIZED' }),
    );
    await auth.validateSession();
    expect(auth.getAuthState()).toMatchObject({
      isAuthenticated: false,
      isLoading: false,
      user: null,
      token: null,
    });
    expect(auth.getAuthState().error).toBe('Token inválido');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('says "Erro ao validar token" when /auth/me answers without data', async () => {
    localStorage.setItem('auth_token', 'tok');
    await startApp();
    fetchMock.mockResolvedValueOnce(respond(200, { success: true }));
    await auth.validateSession();
    expect(auth.getAuthState().error).toBe('Erro ao validar token');
    expect(auth.getAuthState().isAuthenticated).toBe(false);
  });

  it('keeps the stored token when the check never reaches the server (offline, page navigating away)', async () => {
    localStorage.setItem('auth_token', 'tok');
    await startApp();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await auth.validateSession();
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: false, isLoading: false, user: null });
    expect(localStorage.getItem('auth_token')).toBe('tok');

    await startApp();
    fetchMock.mockResolvedValueOnce(respond(200, { success: true, data: user }));
    await auth.validateSession();
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: true, isLoading: false, user });
  });

  it('keeps the stored token when the answer is cut before its body is read (the page leaving)', async () => {
    localStorage.setItem('auth_token', 'tok');
    await startApp();
    fetchMock.mockResolvedValueOnce(new Response('{"success":tr', { status: 200 }));
    await auth.validateSession();
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: false, isLoading: false, user: null });
    expect(localStorage.getItem('auth_token')).toBe('tok');
  });

  it('login stores token and user; failure keeps the server message and rethrows', async () => {
    await startApp();
    fetchMock.mockResolvedValueOnce(
      respond(200, { success: true, data: { user, token: 'new', expiresAt: '2030-01-01T00:00:00.000Z' } }),
    );
    await auth.login({ email: 'admin@atende.local', password: 'atende123', remember: true });
    expect(localStorage.getItem('auth_token')).toBe('new');
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: true, user, token: 'new' });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.headers.Authorization).toBeUndefined();
    expect(JSON.parse(init.body)).toEqual({
      email: 'admin@atende.local',
      password: 'atende123',
      remember: true,
    });

    await auth.logout();
    fetchMock.mockResolvedValueOnce(respond(401, { success: false, message: 'E-mail ou senha inválidos' }));
    await expect(auth.login({ email: 'a@b.co', password: 'x' })).rejects.toThrow('E-mail ou senha inválidos');
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: false, error: 'E-mail ou senha inválidos' });
  });

  it('logout clears locally at once and tells the server with the old token', async () => {
    localStorage.setItem('auth_token', 'tok');
    await startApp();
    const ended = vi.fn();
    const stop = auth.onSessionEnd(ended);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    const pending = auth.logout();
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: false, token: null });
    expect(localStorage.getItem('auth_token')).toBeNull();
    await pending;
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/logout');
    expect(fetchMock.mock.calls[0]![1].headers.Authorization).toBe('Bearer tok');
    expect(ended).toHaveBeenCalledOnce();
    stop();
  });

  it('any 401 from an authenticated call ends the session', async () => {
    localStorage.setItem('auth_token', 'tok');
    await startApp();
    fetchMock.mockResolvedValueOnce(respond(401, { success: false, message: 'Sessão expirada' }));
    const { z } = await import('zod');
    await expect(client.apiRequest(apiPaths.dashboardStats(), { schema: z.unknown() })).rejects.toThrow(
      'Sessão expirada',
    );
    expect(auth.getAuthState()).toMatchObject({ isAuthenticated: false, token: null });
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
