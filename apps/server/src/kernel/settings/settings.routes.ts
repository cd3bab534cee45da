import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { privateDestination } from '../../lib/safe-fetch.js';
import { recordAudit } from '../audit/audit.repository.js';
import { SETTINGS, SETTINGS_KEYS, type SettingsKey } from './settings.definitions.js';
import { getSettings, updateSettings } from './settings.service.js';

/** GET and POST /api/{config, access-control, admin-config, security-config}; admin only. */
export const settingsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The input schemas are `.partial()` over fields with defaults, and zod 4 fills those defaults
  // in; only the keys the client actually sent may change the stored values.
  const sentKeys = new WeakMap<object, Set<string>>();
  const rememberSentKeys = async (request: { body: unknown }) => {
    const body = request.body;
    if (body && typeof body === 'object') sentKeys.set(request, new Set(Object.keys(body)));
  };
  for (const key of SETTINGS_KEYS) {
    const definition = SETTINGS[key] as (typeof SETTINGS)[SettingsKey];
    const view = definition.view as (values: unknown) => unknown;
    app.get(
      `/api/${key}`,
      { onRequest: app.allow('settings:manage'), schema: { response: { 200: definition.response } } },
      async () => ({ success: true as const, data: view(await getSettings(app.db, key)) }),
    );
    app.post(
      `/api/${key}`,
      {
        onRequest: app.allow('settings:manage'),
        preValidation: rememberSentKeys,
        schema: { body: definition.input, response: { 200: definition.response } },
      },
      async (request) => {
        const sent = sentKeys.get(request) ?? new Set<string>();
        const input = Object.fromEntries(
          Object.entries((request.body ?? {}) as Record<string, unknown>).filter(([field]) =>
            sent.has(field),
          ),
        );
        const { values: stored, changed } = await updateSettings(
          app.db,
          key,
          input,
          request.user?.id ?? null,
          { allowPrivate: app.config.ai.allowPrivate, privateDestination: (url) => privateDestination(url) },
        );
        request.log.info({ settings: key, user: request.user?.id }, 'settings updated');
        // Field names only: a secret's value never reaches the audit log.
        await recordAudit(app.db, {
          action: 'settings.update',
          actor: request.user,
          targetType: 'settings',
          targetId: key,
          detail: { fields: changed },
          ip: request.ip,
        });
        // Who may hear which conversation may have changed: sockets move to the rooms they get now.
        if (key === 'access-control') await app.realtime.refreshDashboardRooms();
        return { success: true as const, message: 'Configurações salvas com sucesso', data: view(stored) };
      },
    );
  }
};
