import type { Reactions } from '@atende/contracts';
import { describe, expect, it } from 'vitest';
import { applyAgentReaction, cleanReactions, hasAgentReacted } from './reactions';

/** As a channel may deliver them: built-in property names as own keys (what JSON.parse gives). */
const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const fromJson = (json: string) => JSON.parse(json) as Reactions;

describe('reactions keyed by built-in property names', () => {
  it('keeps them as plain emoji keys when adding, replacing and cleaning', () => {
    for (const name of NAMES) {
      const added = applyAgentReaction({}, name);
      expect(Object.keys(added), name).toEqual([name]);
      expect(Object.getPrototypeOf(added), name).toBe(Object.prototype);
      expect(hasAgentReacted(added, name), name).toBe(true);
      expect(hasAgentReacted({}, name), name).toBe(false);

      const client = fromJson(`{${JSON.stringify(name)}: {"senders": [{"sender": "client"}]}}`);
      expect(applyAgentReaction(client, '👍')[name]?.senders, name).toEqual([{ sender: 'client' }]);
      expect(Object.keys(cleanReactions(client)), name).toEqual([name]);
      expect(
        Object.keys(cleanReactions(fromJson(`{${JSON.stringify(name)}: {"senders": []}}`))),
        name,
      ).toEqual([]);
    }
  });
});
