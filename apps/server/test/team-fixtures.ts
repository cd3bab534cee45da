/**
 * Fixtures for the suites that play a team's day on the real server (`useTestApp`): the people signed
 * in, simulated customers writing, the jobs run by hand, and what a conversation's rules did.
 */

import type { AutomationRun, Conversation, Message, UserRole } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createAndLogin } from './helpers.js';
import { type api, pairSimulator } from './simulator-kit.js';

type Api = ReturnType<typeof api>;

/** A person signed in, as the suites use them. */
export interface Person {
  token: string;
  id: string;
  name: string;
}

/**
 * Signs in a new person of each role, in order, pairs the simulator (as the first admin) and stops the
 * job runner: these suites run the jobs themselves, or the agent would answer every customer.
 */
export async function signInTeam<const R extends readonly UserRole[]>(
  app: FastifyInstance,
  ...roles: R
): Promise<{ -readonly [K in keyof R]: Person }> {
  const people: Person[] = [];
  for (const role of roles) {
    const signedIn = await createAndLogin(app, role);
    people.push({ token: signedIn.token, id: signedIn.user.id, name: signedIn.user.name });
  }
  const admin = people[roles.indexOf('admin')];
  if (!admin) throw new Error('signInTeam: the simulator is paired by an admin');
  await pairSimulator(app, admin.token);
  await app.domain.jobs.stop();
  return people as { -readonly [K in keyof R]: Person };
}

/** Runs the due jobs `rounds` times (a job may enqueue the next), never the agent's. */
export async function runJobsButTheAgent(app: FastifyInstance, rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await app.db.updateTable('jobs').set({ status: 'done' }).where('kind', '=', 'agent_reply').execute();
    await app.domain.jobs.drain();
  }
}

/** Customers writing to the simulator, each new one on the number after the last (`lastPhone`). */
export function simulatedCustomers(client: () => Api, lastPhone: number) {
  let phone = lastPhone;
  const newPhone = () => String(++phone);
  return {
    newPhone,
    /** A new customer writes, or the one on `from`; answers the conversation and the phone. */
    async writes(text: string, from = newPhone(), name?: string) {
      const response = await client().post('/api/simulator/inbound', {
        phone: from,
        text,
        ...(name ? { name } : {}),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return { ...(response.body.data as { conversationId: string }), phone: from };
    },
  };
}

/** Rules created through the API, and what they did to a conversation, read as the screens read it. */
export function ruleReads(client: () => Api) {
  return {
    async createRule(rule: Record<string, unknown>) {
      const response = await client().post('/api/automations', rule);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data as { id: string };
    },
    runs: async (conversationId: string) =>
      (await client().get(`/api/conversations/${conversationId}/automation-runs`)).body
        .data as AutomationRun[],
    conversation: async (id: string) =>
      (await client().get(`/api/conversations/${id}?messagesLimit=50`)).body.data as Conversation & {
        messages: Message[];
      },
  };
}
