import type { LoginRequest, User } from '@atende/contracts';
import { AUTH_ERRORS, endSession, patchSession } from '@/lib/session';
import { getToken, setToken } from '@/lib/storage';

// The calls (and zod, which parses their answers) load on demand: /login stays light.
const authApi = {
  login: () => import('./api/login').then((m) => m.loginRequest),
  logout: () => import('./api/logout').then((m) => m.logoutRequest),
};

/** Stores token and user on success; on failure stores the error message and rethrows. */
export async function login(credentials: LoginRequest): Promise<User> {
  patchSession({ isLoading: true, error: null });
  try {
    const loginRequest = await authApi.login();
    const { data } = await loginRequest(credentials);
    setToken(data.token);
    patchSession({
      user: data.user,
      token: data.token,
      isAuthenticated: true,
      isLoading: false,
      error: null,
    });
    return data.user;
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : AUTH_ERRORS.loginFailed;
    patchSession({ user: null, token: null, isAuthenticated: false, isLoading: false, error: message });
    throw error instanceof Error ? error : new Error(message);
  }
}

/** Clears the local session now; tells the server best-effort. */
export function logout(): Promise<void> {
  const token = getToken();
  endSession();
  if (!token) return Promise.resolve();
  return authApi
    .logout()
    .then((logoutRequest) => logoutRequest(token))
    .catch((error: unknown) => console.warn('Falha ao encerrar a sessão no servidor', error));
}
