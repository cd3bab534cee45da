const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export interface OriginPolicy {
  publicUrl: string | undefined;
  /** Outside production, any localhost origin (the Vite dev server) is accepted. */
  allowLocalhost: boolean;
}

/**
 * Whether a browser connection may open a socket. No Origin header (non-browser clients) passes;
 * otherwise the origin must be this server's own host, PUBLIC_URL, or localhost in development.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, policy: OriginPolicy) {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (host && parsed.host === host.toLowerCase()) return true;
  if (policy.publicUrl && parsed.origin === new URL(policy.publicUrl).origin) return true;
  return policy.allowLocalhost && LOCAL_HOSTS.has(parsed.hostname);
}
