import { describe, expect, it } from 'vitest';
import { emojiSchema, singleEmojiPattern } from './conversations.js';

const EMOJI = ['👍', '❤️', '❤', '👍🏽', '👩‍💻', '👨‍👩‍👧‍👦', '🇧🇷', '✅', '#️⃣', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'];
const NOT_EMOJI = [
  '',
  'a',
  '1',
  'ok',
  '👍👍',
  '👍a',
  ' 👍',
  '🇧',
  '<b>',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

describe('emojiSchema', () => {
  it('takes one emoji and refuses text, two emoji and built-in property names, in pt-BR', () => {
    for (const emoji of EMOJI) expect(emojiSchema.safeParse(emoji).success, emoji).toBe(true);
    for (const text of NOT_EMOJI) {
      const result = emojiSchema.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Emoji inválido');
    }
    expect(emojiSchema.safeParse('👍'.repeat(17)).success).toBe(false);
  });

  it('answers the same with the pattern for engines without the v flag', () => {
    for (const setsFlag of [true, false]) {
      const pattern = singleEmojiPattern(setsFlag);
      expect(pattern.flags).toBe(setsFlag ? 'v' : 'u');
      for (const emoji of EMOJI) expect(pattern.test(emoji), emoji).toBe(true);
      for (const text of NOT_EMOJI) expect(pattern.test(text), text).toBe(false);
    }
  });
});
