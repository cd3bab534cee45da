import { MessageCircle } from 'lucide-react';
import type { WebChannelKind } from './channel-kind';
import { cloudApiKind } from './cloud-api/cloud-api-kind';
import { simulatorKind } from './simulator/simulator-kind';
import { whatsappWebKind } from './whatsapp-web/whatsapp-web-kind';

export type { WebChannelKind } from './channel-kind';

/**
 * Every channel kind the web knows, one line each; the rest of the web reads them through here and names
 * no kind itself (kind-literals.test.ts). A new kind is a folder beside this file and its line below.
 */
const KINDS: readonly WebChannelKind[] = [simulatorKind, whatsappWebKind, cloudApiKind];

/** The kinds' ids, for the test that keeps them inside channels/. */
export const knownChannelKinds: readonly string[] = KINDS.map((entry) => entry.kind);

const byKind = new Map(KINDS.map((entry) => [entry.kind, entry]));

/** A kind this build does not know: its id as its name, a chat bubble, paired by QR. */
function unknownKind(kind: string): WebChannelKind {
  return { kind, label: kind, Icon: MessageCircle, pairing: 'qr' };
}

export function channelKind(kind: string): WebChannelKind {
  return byKind.get(kind) ?? unknownKind(kind);
}

/** A channel kind's pt-BR name; a kind this build does not know shows its id. */
export function channelKindLabel(kind: string): string {
  return channelKind(kind).label;
}

/** The kinds whose numbers use the Meta app's settings (the Cloud API). */
export const metaAppKinds: readonly string[] = KINDS.filter((entry) => entry.usesMetaApp).map(
  (entry) => entry.kind,
);
