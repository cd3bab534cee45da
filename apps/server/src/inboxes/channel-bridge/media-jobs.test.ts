import { describe, expect, it } from 'vitest';
import { inboundLimit } from './media-jobs.js';

const MB = 1024 * 1024;

describe("a customer's file is kept up to WhatsApp's limit for its kind", () => {
  it('a document up to 100 MB, an image 5 MB, audio and video 16 MB, within the server cap', () => {
    expect(inboundLimit('application/pdf', 100 * MB)).toBe(100 * MB);
    expect(inboundLimit(undefined, 100 * MB)).toBe(100 * MB);
    expect(inboundLimit('image/jpeg', 100 * MB)).toBe(5 * MB);
    expect(inboundLimit('audio/ogg; codecs=opus', 100 * MB)).toBe(16 * MB);
    expect(inboundLimit('video/mp4', 100 * MB)).toBe(16 * MB);
    // A smaller cap (MEDIA_MAX_BYTES) holds every kind.
    expect(inboundLimit('application/pdf', 16 * MB)).toBe(16 * MB);
    expect(inboundLimit('image/png', MB)).toBe(MB);
  });
});
