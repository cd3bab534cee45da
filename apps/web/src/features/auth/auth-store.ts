import type { LoginRequest, User } from '@atende/contracts';
import { useSyncExternalStore } from 'react';
import { ApiError, onUnauthorized } from '@/lib/api-client';
import { clearToken, getToken, setToken } from '@/lib/storage';

// The calls (and zod, which parses their answers) load on demand: /login stays light.
const authApi = {
  getMe: () => import('./api/get-me').then((m) => m.getMe),
  login: () => import('./api/login').then((m) => m.loginRequest),
  logout: () => import('./api/logout').then((m) => m.logoutRequest),
};

/** Spec §3 client-side auth state. */
export interface AuthState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
}

/** Spec §5/§8 texts. */
export const AUTH_ERRORS = {
  invalidToken: 'Token inválido',
  validateFailed: 'Erro ao validar token',
  loginFailed: 'Erro ao fazer login',
} as const;

const listeners = new Set<() => void>();
const sessionEndListeners = new Set<() => void>();

function initialState(): AuthState {
  const token = getToken();
  // A stored token counts as authenticated while /auth/me validates it.
  return { user: null, token, isAuthenticated: token !== null, isLoading: token !== null, error: null };
}

let state: AuthState = initialState();
let validation: AbortController | null = null;

function setState(patch: Partial<AuthState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function endSession(error: string | null = null) {
  validation?.abort();
  validation = null;
  clearToken();
  setState({ user: null, token: null, isAuthenticated: false, isLoading: false, error });
  for (const listener of sessionEndListeners) listener();
}

/** Validates a stored token with /auth/me; failure clears the session. */
export async function validateSession(): Promise<void> {
  const token = getToken();
  if (!token) {
    if (state.isAuthenticated || state.isLoading) endSession();
    return;
  }
  validation?.abort();
  const controller = new AbortController();
  validation = controller;
  setState({ token, isAuthenticated: true, isLoading: true, error: null });
  try {
    const getMe = await authApi.getMe();
    const response = await getMe(controller.signal);
    if (controller.signal.aborted) return;
    setState({ user: response.data, isLoading: false, error: null });
  } catch (error) {
    if (controller.signal.aborted) return;
    console.error('Falha ao validar a sessão', error);
    endSession(validationMessage(error));
  } finally {
    if (validation === controller) validation = null;
  }
}

function validationMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 400) return AUTH_ERRORS.invalidToken;
    if (error.status === 0) return error.message;
  }
  return AUTH_ERRORS.validateFailed;
}

/** Stores token and user on success; on failure stores the error message and rethrows. */
export async function login(credentials: LoginRequest): Promise<User> {
  setState({ isLoading: true, error: null });
  try {
    const loginRequest = await authApi.login();
    const { data } = await loginRequest(credentials);
    setToken(data.token);
    setState({ user: data.user, token: data.token, isAuthenticated: true, isLoading: false, error: null });
    return data.user;
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : AUTH_ERRORS.loginFailed;
    setState({ user: null, token: null, isAuthenticated: false, isLoading: false, error: message });
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

/** Partial client-side update of the user (spec §3). */
export function updateUser(patch: Partial<User>): void {
  if (state.user) setState({ user: { ...state.user, ...patch } });
}

/** Called when the session ends for any reason (logout, 401, failed validation). */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

export function getAuthState(): AuthState {
  return state;
}

export function useAuth(): AuthState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getAuthState,
    getAuthState,
  );
}

/** Any 401 from an authenticated call (the client already removed the token) ends the session. */
onUnauthorized(() => {
  if (state.isAuthenticated) endSession(AUTH_ERRORS.invalidToken);
});
