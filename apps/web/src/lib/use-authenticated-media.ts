import { apiRoutes } from '@atende/contracts';
import { useEffect, useState } from 'react';
import { getToken } from './storage';

/** `/api/media/:id` with a stored file's uuid. */
const MEDIA_PATH = new RegExp(`^${apiRoutes.media.replace(':id', '[0-9a-f-]{36}')}$`);

/**
 * Our stored media (`/api/media/:id`) needs the bearer token, which an <img>/<audio> cannot send: it is
 * fetched with the token and shown through a `blob:` URL (allowed by the CSP), revoked on unmount.
 * Any other URL is returned as is. `null` while loading; `'error'` when it could not be loaded.
 */
export function useAuthenticatedMedia(url: string | null): string | null | 'error' {
  const needsToken = url !== null && MEDIA_PATH.test(new URL(url, window.location.origin).pathname);
  const [objectUrl, setObjectUrl] = useState<string | null | 'error'>(null);
  useEffect(() => {
    if (!url || !needsToken) return;
    let revoked = false;
    let created: string | null = null;
    setObjectUrl(null);
    fetch(url, { headers: { Authorization: `Bearer ${getToken() ?? ''}` } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (revoked) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => {
        if (!revoked) setObjectUrl('error');
      });
    return () => {
      revoked = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, needsToken]);
  return needsToken ? objectUrl : url;
}
