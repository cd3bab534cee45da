/**
 * The hosts WhatsApp serves media from: `mmg.whatsapp.net` (Baileys' default) and the CDN's
 * `media-*.cdn.whatsapp.net`, all under whatsapp.net. A message names its media's URL and host itself,
 * so anything else (an address, another domain) is refused before a connection is made.
 */
export function isWhatsappMediaHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'whatsapp.net' || host.endsWith('.whatsapp.net');
}
