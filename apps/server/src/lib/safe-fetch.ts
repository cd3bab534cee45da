import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector, fetch, type RequestInit, type Response } from 'undici';
import { nonPublicRange } from './address-range.js';

/** A host name → every address it resolves to. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

export interface SafeFetchOptions {
  /** Let private and loopback destinations through (e.g. AI_ALLOW_PRIVATE for a model on the LAN). */
  allowPrivate?: boolean;
  /** Name resolution; the system resolver (as a plain connection would use) by default. */
  resolve?: ResolveHost;
  connectTimeoutMs?: number;
  /** Only these host names (as the URL names them, redirects included); every host when absent. */
  allowHost?: (hostname: string) => boolean;
}

export type SafeFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** The destination of a server-side fetch is not a public address (SSRF). Not worth a retry. */
export class BlockedDestinationError extends Error {
  override name = 'BlockedDestinationError';
}

const systemResolve: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The undici dispatcher behind `createSafeFetch`, for libraries that take one (`{ dispatcher }` in a
 * fetch option, e.g. Baileys' media download): every connection it opens passes the same check.
 */
export function createSafeDispatcher(options: SafeFetchOptions = {}): Agent {
  const resolve = options.resolve ?? systemResolve;
  const connectDirect = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000 });

  async function checkedAddress(hostname: string): Promise<string> {
    if (options.allowHost && !options.allowHost(hostname)) {
      throw new BlockedDestinationError(`destino recusado: host não permitido (${hostname})`);
    }
    const addresses = isIP(hostname) ? [hostname] : await resolve(hostname);
    if (addresses.length === 0) throw new BlockedDestinationError(`host não resolvido (${hostname})`);
    if (!options.allowPrivate) {
      for (const address of addresses) {
        const range = nonPublicRange(address);
        if (range)
          throw new BlockedDestinationError(`destino recusado: endereço privado (${address}, ${range})`);
      }
    }
    return addresses[0] as string;
  }

  return new Agent({
    connect(connectOptions, callback) {
      checkedAddress(connectOptions.hostname).then(
        // `host` (name:port) stays as it was: TLS still sends and verifies the name.
        (address) => connectDirect({ ...connectOptions, hostname: address }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
}

/**
 * The one way to fetch a URL that comes from configuration or from outside (AI endpoint, webhooks,
 * Graph URL overrides). The check sits in the connection itself: the host is resolved once per new
 * connection, EVERY address it resolves to must be public, and the socket goes to the address that
 * was checked — a second DNS answer (rebinding) never reaches the network, and redirects pass the
 * same check. Refused: throws BlockedDestinationError (message in pt-BR).
 */
export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const dispatcher = createSafeDispatcher(options);
  return async (url, init = {}) => {
    try {
      return await fetch(url, { ...init, dispatcher });
    } catch (error) {
      // fetch wraps connection errors in a TypeError('fetch failed'): surface the refusal itself.
      const cause = error instanceof Error ? error.cause : undefined;
      if (cause instanceof BlockedDestinationError) throw cause;
      if (error instanceof TypeError) throw new ConnectionFailedError(url, cause);
      throw error;
    }
  };
}

/** Node's codes for a connection that failed, in the words an admin reads in a log or a test. */
const CONNECTION_FAILURES: ReadonlyArray<[RegExp, string]> = [
  [/ECONNREFUSED/, 'conexão recusada'],
  [/ENOTFOUND|EAI_AGAIN/, 'endereço não encontrado (DNS)'],
  [/ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT/, 'tempo de conexão esgotado'],
  [/ECONNRESET|UND_ERR_SOCKET|EPIPE/, 'conexão interrompida'],
  [/CERT|SELF_SIGNED|TLS|SSL/, 'certificado TLS inválido'],
  [/EHOSTUNREACH|ENETUNREACH/, 'destino inalcançável'],
];

/** A connection that could not be made: what happened in pt-BR (never Node's 'fetch failed'). */
export class ConnectionFailedError extends Error {
  constructor(url: string | URL, cause: unknown) {
    const detail =
      cause instanceof Error ? `${(cause as { code?: unknown }).code ?? ''} ${cause.message}` : '';
    const reason = CONNECTION_FAILURES.find(([pattern]) => pattern.test(detail))?.[1] ?? 'falha de rede';
    let host = '';
    try {
      host = new URL(url).host;
    } catch {
      // an unparsable URL fails before connecting; the reason alone says enough
    }
    super(host ? `falha de conexão com ${host}: ${reason}` : `falha de conexão: ${reason}`, { cause });
    this.name = 'ConnectionFailedError';
  }
}

/** How long a save waits for DNS before giving the name the benefit of the doubt. */
const SAVE_LOOKUP_TIMEOUT_MS = 2_000;

/**
 * Why a configured URL can never be fetched under the private-address guard (pt-BR, for the admin
 * saving it), or null. Its host is judged as the connection will judge it: an address in any notation
 * the URL parser accepts (`2130706433`, `0x7f.1` and `[::ffff:127.0.0.1]` are all 127.0.0.1), or a
 * name any of whose addresses is private. A name that does not resolve now passes: DNS may answer
 * later, and every fetch is checked again when it connects.
 */
export async function privateDestination(
  url: string,
  options: Pick<SafeFetchOptions, 'resolve'> = {},
): Promise<string | null> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return null;
  }
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const refusal = (address: string, range: string) =>
    `Endereço privado ou local (${hostname}${address === bare ? '' : ` → ${address}`}, ${range}): o servidor não envia para ele. Use um endereço público.`;
  if (isIP(bare)) {
    const range = nonPublicRange(bare);
    return range ? refusal(bare, range) : null;
  }
  const resolve = options.resolve ?? systemResolve;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(bare).catch(() => [] as readonly string[]),
    new Promise<readonly string[]>((done) => {
      timer = setTimeout(() => done([]), SAVE_LOOKUP_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  for (const address of addresses) {
    const range = nonPublicRange(address);
    if (range) return refusal(address, range);
  }
  return null;
}
