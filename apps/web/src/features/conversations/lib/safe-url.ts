/**
 * Media and document URLs come from customers' messages: only http(s) URLs and our own origin
 * (relative paths) may become a link or a media source. Everything else (javascript:, data:, …)
 * returns null and is not rendered as a link.
 */
export function safeMediaUrl(
  raw: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin === origin) return url.href;
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  return null;
}
