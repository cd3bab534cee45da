import type { ApiPath } from '@atende/contracts';
import { ApiError } from './api-client';
import { getToken } from './storage';

/**
 * Downloads a file the API streams (CSV, JSON exports). The bearer token cannot ride on a plain
 * link, so the file is fetched, then handed to the browser as an object URL.
 */
export async function downloadFile(
  path: ApiPath,
  query: Record<string, string | undefined>,
  fallbackName: string,
): Promise<void> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  const token = getToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    let message = `HTTP ${response.status}`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // not JSON: keep the status
    }
    throw new ApiError(message, response.status);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const utf8Name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plainName = /filename=(?:"([^"]+)"|([^";\s]+))/i.exec(disposition)?.slice(1).find(Boolean);
  const name = utf8Name ? decodeURIComponent(utf8Name) : (plainName ?? fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
