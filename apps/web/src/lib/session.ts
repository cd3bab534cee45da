import type { User } from '@atende/contracts';
import { useSyncExternalStore } from 'react';
import { ApiError, onUnauthorized } from '@/lib/api-client';
import { clearToken, getToken } from '@/lib/storage';

/**
 * The signed-in user and session (client-side auth state): read by every feature, validated
 * here, started and ended by the sign-in screen's actions (features/auth).
 */
export interface AuthState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
}

/** What a failed session check or sign-in says, in pt-BR. */
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

/** Changes the session state and tells every subscriber (the sign-in actions use it). */
export function patchSession(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/**
 * Forgets the session here (user, and the stored token unless `keepToken`) and tells `onSessionEnd`
 * listeners.
 */
export function endSession(error: string | null = null, keepToken = false): void {
  validation?.abort();
  validation = null;
  if (!keepToken) clearToken();
  patchSession({ user: null, token: null, isAuthenticated: false, isLoading: false, error });
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
  patchSession({ token, isAuthenticated: true, isLoading: true, error: null });
  try {
    // Loaded on demand (with zod, which parses the answer): /login stays light.
    const { getMe } = await import('./get-me');
    const response = await getMe(controller.signal);
    if (controller.signal.aborted) return;
    patchSession({ user: response.data, isLoading: false, error: null });
  } catch (error) {
    if (controller.signal.aborted) return;
    console.error('Falha ao validar a sessão', error);
    // Only the server's refusal (a 4xx) says a token is bad. A check that never reached it (offline),
    // or whose answer was cut before its body was read (the page navigating away), keeps the token, so
    // the next load signs in again.
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    endSession(validationMessage(error), !refused);
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

/** Partial client-side update of the user. */
export function updateUser(patch: Partial<User>): void {
  if (state.user) patchSession({ user: { ...state.user, ...patch } });
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
