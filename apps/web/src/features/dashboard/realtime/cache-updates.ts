import { type Activity, LIMITS, type WhatsappStatus } from '@atende/contracts';

/** An `analytics:update` activity is prepended and the list capped at 10. Replays are ignored. */
export function prependActivity(list: Activity[] | undefined, activity: Activity): Activity[] {
  const rest = (list ?? []).filter((item) => item.id !== activity.id);
  return [activity, ...rest].slice(0, LIMITS.recentActivities);
}

/** A new QR is pending: not connected, waiting for a scan. */
export function applyWhatsappQr(status: WhatsappStatus | undefined, qr: string): WhatsappStatus | undefined {
  if (!status) return status;
  return { ...status, connected: false, state: 'qr', qr };
}

/** A ready event sets connected and clears the QR. */
export function applyWhatsappReady(
  status: WhatsappStatus | undefined,
  phone: string | null,
): WhatsappStatus | undefined {
  if (!status) return status;
  return { ...status, connected: true, state: 'connected', qr: null, pairingCode: null, phone };
}

/** A disconnect event sets disconnected (a new QR follows as its own event). */
export function applyWhatsappDisconnected(status: WhatsappStatus | undefined): WhatsappStatus | undefined {
  if (!status) return status;
  return { ...status, connected: false, state: 'disconnected', qr: null, pairingCode: null };
}
