import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';
import { JOB_KINDS } from './job-kinds.js';

describe('the job registry', () => {
  const ctx = useTestApp('sqlite');

  it('a built app runs every declared kind, and nothing undeclared', () => {
    // Inbox kinds run one queue per inbox: the test app has the default one.
    const expected = JOB_KINDS.map(({ name, perInbox }) => (perInbox ? `${name}@default` : name));
    expect(ctx.app.domain.jobs.registeredKinds().sort()).toEqual(expected.sort());
  });

  it('declares each kind once', () => {
    const names = JOB_KINDS.map(({ name }) => name);
    expect(new Set(names).size).toBe(names.length);
  });
});
