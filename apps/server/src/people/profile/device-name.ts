/** A short "browser · system" description of a user agent, for the sessions list. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Dispositivo desconhecido';
  const browser =
    (/Edg\//.test(userAgent) && 'Edge') ||
    (/OPR\//.test(userAgent) && 'Opera') ||
    (/Firefox\//.test(userAgent) && 'Firefox') ||
    (/(Chrome|Chromium|CriOS)\//.test(userAgent) && 'Chrome') ||
    (/Safari\//.test(userAgent) && 'Safari') ||
    null;
  const system =
    (/Android/.test(userAgent) && 'Android') ||
    (/(iPhone|iPad|iPod)/.test(userAgent) && 'iOS') ||
    (/Windows/.test(userAgent) && 'Windows') ||
    (/Mac OS X|Macintosh/.test(userAgent) && 'macOS') ||
    (/CrOS/.test(userAgent) && 'ChromeOS') ||
    (/Linux/.test(userAgent) && 'Linux') ||
    null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
