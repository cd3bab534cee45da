import type { MarkConvertedResult } from '../../conversations/messaging/conversion.js';
import { toIso } from '../../lib/clock.js';

/** A conversion as the API answers it. */
export function conversionView(result: MarkConvertedResult) {
  return {
    conversationId: result.conversationId,
    convertedAt: toIso(result.convertedAt),
    alreadyConverted: result.alreadyConverted,
  };
}
