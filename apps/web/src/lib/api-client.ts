import type { ApiPath } from '@atende/contracts';
import { config as configureZod, type z } from 'zod';
import { clearToken, getToken } from './storage';

// The CSP forbids eval: without this, zod probes `new Function` on first parse (a CSP violation).
configureZod({ jitless: true });

export const API_ERRORS = {
  missingToken: 'Token de autenticação não encontrado',
  invalidResponse: 'Resposta inválida do servidor',
  network: 'Erro de conexão. Verifique sua internet e tente novamente.',
} as const;

/** A failed call: the server's pt-BR message (or 'HTTP {status}'), status and stable code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The auth layer subscribes here: a 401 clears the token and sends the browser to /login. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the request body itself (its type as Content-Type), instead of JSON. */
  file?: Blob;
  /** Query string values; undefined and empty values are skipped. */
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Zod schema of the whole response envelope; the parsed value is returned. */
  schema: S;
  /** Login is the only call without a bearer token. */
  auth?: boolean;
  /** Use this token instead of the stored one (logout sends the token it is about to forget). */
  token?: string;
  signal?: AbortSignal;
}

/**
 * The transport: a path from the contracts' `apiPaths`, credentials included, JSON, bearer token except
 * login.
 * No UI side effects: callers decide what to show.
 */
export async function apiRequest<S extends z.ZodType>(
  path: ApiPath,
  options: RequestOptions<S>,
): Promise<z.infer<S>> {
  const { method = 'GET', body, file, query, schema, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  if (auth) {
    const token = options.token ?? getToken();
    if (!token) throw new ApiError(API_ERRORS.missingToken, 401, 'UNAUTHORIZED');
    headers.Authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(`${path}${toQueryString(query)}`, {
      method,
      headers,
      credentials: 'include',
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(`${method} ${path} falhou`, error);
    throw new ApiError(API_ERRORS.network, 0);
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    if (!response.ok) throw failure(response.status, undefined, path);
    throw new ApiError(API_ERRORS.invalidResponse, response.status);
  }

  if (!response.ok) throw failure(response.status, json, path, auth);

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Resposta inesperada de ${path}`, parsed.error);
    throw new ApiError(API_ERRORS.invalidResponse, response.status);
  }
  return parsed.data;
}

function failure(status: number, json: unknown, path: string, auth = true): ApiError {
  const envelope = readErrorEnvelope(json);
  const message = envelope?.message ?? `HTTP ${status}`;
  const error = new ApiError(message, status, envelope?.code);
  // A 4xx is an answer the screen handles (wrong password, not found, validation): a warning, not an error.
  if (status >= 500) console.error(`Erro na chamada ${path}:`, message);
  else console.warn(`Erro na chamada ${path}:`, message);
  if (status === 401 && auth) {
    clearToken();
    for (const listener of unauthorizedListeners) listener();
  }
  return error;
}

/**
 * The `{ success: false, message, code? }` envelope (contracts `errorEnvelopeSchema`), checked by hand so
 * the transport does not pull zod into the first page load.
 */
function readErrorEnvelope(json: unknown): { message: string; code?: string } | null {
  if (typeof json !== 'object' || json === null) return null;
  const { success, message, code } = json as Record<string, unknown>;
  if (success !== false || typeof message !== 'string') return null;
  return { message, code: typeof code === 'string' ? code : undefined };
}

function toQueryString(query: RequestOptions<z.ZodType>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
