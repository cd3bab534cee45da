import { toIso } from '../../lib/clock.js';
import type { MarkConvertedResult } from '../messaging/conversion.js';

/** A conversion as the API answers it. */
export function conversionView(result: MarkConvertedResult) {
  return {
    conversationId: result.conversationId,
    convertedAt: toIso(result.convertedAt),
    alreadyConverted: result.alreadyConverted,
  };
}
