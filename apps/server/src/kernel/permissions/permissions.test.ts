import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { CLIENT_EVENT_ACTIONS } from '../../conversations/conversations.context.js';
import { ACTIONS, type Action, can } from './actions.js';

/**
 * Who may do what, listed: every /api route and socket client event with the action it needs
 * (kernel/permissions/actions.ts), `signed-in` (any person), or `public`. A route added without
 * declaring what it needs, or whose need changes, fails here until this list says so.
 */
const ROUTES: Record<string, Action | 'signed-in' | 'public'> = {
  'DELETE /api/analytics/saved-reports/:id': 'reports:manage',
  'DELETE /api/automations/:id': 'automations:manage',
  'DELETE /api/canned-replies/:id': 'canned-replies:manage',
  'DELETE /api/conversations/:id': 'conversations:delete',
  'DELETE /api/inboxes/:id': 'inboxes:manage',
  'DELETE /api/integrations/api-tokens/:id': 'integrations:manage',
  'DELETE /api/integrations/webhooks/:id': 'integrations:manage',
  'DELETE /api/labels/:id': 'labels:manage',
  'DELETE /api/macros/:id': 'signed-in',
  'DELETE /api/profile/sessions/:id': 'signed-in',
  'GET /api/access-control': 'settings:manage',
  'GET /api/admin-config': 'settings:manage',
  'GET /api/analytics': 'signed-in',
  'GET /api/analytics/conversations': 'signed-in',
  'GET /api/analytics/conversions': 'signed-in',
  'GET /api/analytics/custom': 'signed-in',
  'GET /api/analytics/custom/export': 'signed-in',
  'GET /api/analytics/export/:table': 'signed-in',
  'GET /api/analytics/report': 'signed-in',
  'GET /api/analytics/saved-reports': 'signed-in',
  'GET /api/analytics/service': 'signed-in',
  'GET /api/audit': 'audit:read',
  'GET /api/audit/export': 'audit:read',
  'GET /api/auth/me': 'signed-in',
  'GET /api/automations': 'automations:manage',
  'GET /api/avatars/:id': 'public',
  'GET /api/canned-replies': 'signed-in',
  'GET /api/clients': 'signed-in',
  'GET /api/clients/:id': 'signed-in',
  'GET /api/clients/:id/export': 'clients:export',
  'GET /api/clients/:id/satisfaction': 'signed-in',
  'GET /api/clients/page': 'signed-in',
  'GET /api/config': 'settings:manage',
  'GET /api/conversation-rules': 'settings:manage',
  'GET /api/conversations': 'signed-in',
  'GET /api/conversations/:id': 'signed-in',
  'GET /api/conversations/:id/automation-runs': 'signed-in',
  'GET /api/conversations/:id/messages': 'signed-in',
  'GET /api/conversations/:id/satisfaction': 'signed-in',
  'GET /api/conversations/:id/timeline': 'signed-in',
  'GET /api/conversations/:id/window': 'signed-in',
  'GET /api/conversations/attention': 'signed-in',
  'GET /api/dashboard/activity': 'signed-in',
  'GET /api/dashboard/health': 'signed-in',
  'GET /api/dashboard/stats': 'signed-in',
  'GET /api/docs': 'public',
  'GET /api/docs/init.js': 'public',
  'GET /api/docs/openapi.json': 'public',
  'GET /api/docs/scalar': 'public',
  'GET /api/docs/scalar/': 'public',
  'GET /api/docs/scalar/js/scalar.js': 'public',
  'GET /api/health': 'public',
  'GET /api/inbox-kinds': 'inboxes:manage',
  'GET /api/inboxes': 'signed-in',
  'GET /api/inboxes/:id/business-hours': 'automations:manage',
  'GET /api/inboxes/:id/satisfaction': 'inboxes:manage',
  'GET /api/integrations/api-tokens': 'integrations:manage',
  'GET /api/integrations/order-lookup': 'integrations:manage',
  'GET /api/integrations/webhooks': 'integrations:manage',
  'GET /api/integrations/webhooks/:id/deliveries': 'integrations:manage',
  'GET /api/knowledge-base': 'signed-in',
  'GET /api/knowledge-gaps': 'signed-in',
  'GET /api/labels': 'signed-in',
  'GET /api/macros': 'signed-in',
  'GET /api/media/:id': 'signed-in',
  'GET /api/notifications': 'signed-in',
  'GET /api/profile/sessions': 'signed-in',
  'GET /api/public/info': 'public',
  'GET /api/search': 'signed-in',
  'GET /api/security-config': 'settings:manage',
  'GET /api/simulator/outbox': 'simulator:play',
  'GET /api/team/members': 'signed-in',
  'GET /api/users': 'team:manage',
  'GET /api/whatsapp-cloud': 'settings:manage',
  'GET /api/speech-to-text': 'settings:manage',
  'GET /api/whatsapp/status': 'signed-in',
  'GET /api/whatsapp/templates': 'signed-in',
  'PATCH /api/clients/:id': 'signed-in',
  'PATCH /api/inboxes/:id': 'inboxes:manage',
  'PATCH /api/integrations/webhooks/:id': 'integrations:manage',
  'PATCH /api/profile': 'signed-in',
  'PATCH /api/users/:id': 'team:manage',
  'POST /api/access-control': 'settings:manage',
  'POST /api/admin-config': 'settings:manage',
  'POST /api/admin-config/test-ai': 'settings:manage',
  'POST /api/analytics/conversions': 'signed-in',
  'POST /api/analytics/saved-reports': 'reports:manage',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/automations': 'automations:manage',
  'POST /api/automations/reorder': 'automations:manage',
  'POST /api/automations/test': 'automations:manage',
  'POST /api/canned-replies': 'canned-replies:manage',
  'POST /api/clients/:id/erase': 'clients:erase',
  'POST /api/config': 'settings:manage',
  'POST /api/conversation-rules': 'settings:manage',
  'POST /api/conversations/:conversationId/messages/:messageId/react': 'signed-in',
  'POST /api/conversations/:id/archive': 'signed-in',
  'POST /api/conversations/:id/assign': 'conversations:assign',
  'POST /api/conversations/:id/handback': 'signed-in',
  'POST /api/conversations/:id/media': 'conversation:reply',
  'POST /api/conversations/:id/voice-note': 'conversation:reply',
  'POST /api/conversations/:id/messages': 'conversation:reply',
  'POST /api/conversations/:id/notes': 'signed-in',
  'POST /api/conversations/:id/read': 'signed-in',
  'POST /api/conversations/:id/reopen': 'signed-in',
  'POST /api/conversations/:id/resolve': 'signed-in',
  'POST /api/conversations/:id/snooze': 'signed-in',
  'POST /api/conversations/:id/takeover': 'conversation:takeover',
  'POST /api/conversations/:id/template': 'signed-in',
  'POST /api/conversations/:id/unarchive': 'signed-in',
  'POST /api/conversations/:id/unsnooze': 'signed-in',
  'POST /api/conversations/bulk': 'signed-in',
  'POST /api/inboxes': 'inboxes:manage',
  'POST /api/inboxes/:id/disconnect': 'inboxes:manage',
  'POST /api/inboxes/:id/pairing-code': 'inboxes:manage',
  'POST /api/inboxes/:id/reconnect': 'signed-in',
  'POST /api/integrations/api-tokens': 'integrations:manage',
  'POST /api/integrations/order-lookup/test': 'integrations:manage',
  'POST /api/integrations/webhooks': 'integrations:manage',
  'POST /api/integrations/webhooks/:id/deliveries/:deliveryId/resend': 'integrations:manage',
  'POST /api/integrations/webhooks/:id/rotate-secret': 'integrations:manage',
  'POST /api/knowledge-base': 'knowledge-base:edit',
  'POST /api/knowledge-gaps/:id/dismiss': 'knowledge-gaps:resolve',
  'POST /api/knowledge-gaps/:id/resolve': 'knowledge-gaps:resolve',
  'POST /api/labels': 'labels:manage',
  'POST /api/macros': 'signed-in',
  'POST /api/macros/:id/run': 'signed-in',
  'POST /api/notifications/read': 'signed-in',
  'POST /api/profile/availability': 'signed-in',
  'POST /api/profile/avatar': 'signed-in',
  'POST /api/profile/password': 'signed-in',
  'POST /api/profile/sessions/revoke-others': 'signed-in',
  'POST /api/reconnect-whatsapp': 'signed-in',
  'POST /api/security-config': 'settings:manage',
  'POST /api/simulator/inbound': 'simulator:play',
  'POST /api/simulator/pair': 'signed-in',
  'POST /api/simulator/reaction': 'simulator:play',
  'POST /api/simulator/unpair': 'simulator:play',
  'POST /api/users': 'team:manage',
  'POST /api/users/:id/password': 'team:manage',
  'POST /api/whatsapp-cloud': 'settings:manage',
  'POST /api/speech-to-text': 'settings:manage',
  'POST /api/whatsapp/logout': 'whatsapp:manage',
  'PUT /api/analytics/saved-reports/:id': 'reports:manage',
  'PUT /api/automations/:id': 'automations:manage',
  'PUT /api/canned-replies/:id': 'canned-replies:manage',
  'PUT /api/conversations/:id/labels': 'signed-in',
  'PUT /api/inboxes/:id/business-hours': 'automations:manage',
  'PUT /api/inboxes/:id/satisfaction': 'inboxes:manage',
  'PUT /api/integrations/order-lookup': 'integrations:manage',
  'PUT /api/labels/:id': 'labels:manage',
  'PUT /api/macros/:id': 'signed-in',
};

const SERVER_SRC = new URL('../../', import.meta.url).pathname;

/** A role compared inline: who may do what is decided in actions.ts only. */
export const INLINE_ROLE_CHECK =
  /\brole\s*[!=]==?\s*['"](admin|operator)['"]|['"](admin|operator)['"]\s*[!=]==?\s*\w*\.?role\b/;

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : productionFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('who may do what', () => {
  const ctx = useTestApp('sqlite');

  it('lists every /api route with the action it needs', () => {
    const declared = Object.fromEntries(
      ctx.app
        .routeActions()
        .filter((route) => route.method !== 'HEAD')
        .map((route) => [`${route.method} ${route.url}`, route.action]),
    );
    expect(declared).toEqual(ROUTES);
  });

  it('lists every socket client event with the action it needs', () => {
    expect(CLIENT_EVENT_ACTIONS).toEqual({
      'send:message': 'conversation:reply',
      'takeover:start': 'conversation:takeover',
      'takeover:end': 'signed-in',
    });
  });

  it('names only actions of the vocabulary, and uses every one', () => {
    const used = new Set<string>([...Object.values(ROUTES), ...Object.values(CLIENT_EVENT_ACTIONS)]);
    const inCode = ['conversations:see-all']; // visibility and inboxes ask it in code, not a route
    for (const action of Object.keys(ACTIONS)) {
      expect(used.has(action) || inCode.includes(action), `${action} is never asked`).toBe(true);
    }
  });

  it('has no role compared outside actions.ts', () => {
    const offenders = productionFiles(SERVER_SRC)
      .filter((file) => !file.endsWith('kernel/permissions/actions.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(SERVER_SRC, file)}:${i + 1}` }))
          .filter(({ line }) => INLINE_ROLE_CHECK.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('recognises an inline role check', () => {
    expect(INLINE_ROLE_CHECK.test("if (user.role === 'admin') return;")).toBe(true);
    expect(INLINE_ROLE_CHECK.test("request.user?.role !== 'admin'")).toBe(true);
    expect(INLINE_ROLE_CHECK.test("'operator' === viewer.role")).toBe(true);
    expect(INLINE_ROLE_CHECK.test("role: z.enum(['admin', 'operator'])")).toBe(false);
  });
});

describe('can', () => {
  const admin = { role: 'admin' as const };
  const operator = { role: 'operator' as const };
  const policy = { operatorsCanTakeover: false, operatorsCanEditKnowledgeBase: false };

  it('lets an admin do everything and refuses operators what is for admins', () => {
    for (const action of Object.keys(ACTIONS) as Action[]) expect(can(admin, action)).toBe(true);
    expect(can(operator, 'settings:manage')).toBe(false);
    expect(can(operator, 'conversations:see-all')).toBe(false);
  });

  it('decides taking over and replying from the policy and who holds the conversation', () => {
    const ai = { handlerMode: 'ai' };
    const waiting = { handlerMode: 'human' };
    expect(can(operator, 'conversation:takeover', { policy, conversation: ai })).toBe(false);
    expect(can(operator, 'conversation:reply', { policy, conversation: ai })).toBe(false);
    expect(can(operator, 'conversation:takeover', { policy, conversation: waiting })).toBe(true);
    const open = { ...policy, operatorsCanTakeover: true };
    expect(can(operator, 'conversation:takeover', { policy: open, conversation: ai })).toBe(true);
    // Facts the rule needs but was not given refuse rather than allow.
    expect(can(operator, 'conversation:takeover')).toBe(false);
  });

  it('lets operators edit the knowledge base only when the policy says so', () => {
    expect(can(operator, 'knowledge-base:edit', { policy })).toBe(false);
    const open = { ...policy, operatorsCanEditKnowledgeBase: true };
    expect(can(operator, 'knowledge-base:edit', { policy: open })).toBe(true);
  });
});
