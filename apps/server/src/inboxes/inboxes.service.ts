import type { ChannelKindInfo, createInboxRequestSchema, Inbox, UpdateInboxRequest } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AnyChannelKind } from '../channels/channel-kind.js';
import type { Database } from '../db/schema.js';
import { recordAudit } from '../kernel/audit/audit.repository.js';
import { can } from '../kernel/permissions/actions.js';
import { AppError } from '../lib/app-error.js';
import { toIso } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { AuthUser } from '../types.js';
import { type InboxManager, parseSettings } from './inbox-manager.js';
import type { InboxesRepository, InboxWithMembers } from './inboxes.repository.js';

const NOT_FOUND = 'Caixa de entrada não encontrada';

type Actor = Pick<AuthUser, 'id' | 'name' | 'role'>;
type CreateInput = z.output<typeof createInboxRequestSchema>;

function invalid(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') ?? '';
  return new AppError('VALIDATION_ERROR', `Dados inválidos — ${field ? `${field}: ` : ''}${issue?.message}`);
}

/** Served settings: plain values as stored, secrets only as whether one is stored. */
function viewSettings(kind: AnyChannelKind | undefined, json: string): Inbox['settings'] {
  const stored = parseSettings(json);
  const view: Inbox['settings'] = {};
  for (const field of kind?.fields ?? []) {
    const value = stored[field.key];
    if (kind?.secretKeys.includes(field.key))
      view[field.key] = { set: typeof value === 'string' && value !== '' };
    else view[field.key] = typeof value === 'string' || typeof value === 'number' ? value : null;
  }
  return view;
}

/**
 * Inboxes as admins manage them: each kind validates its own settings (its schema), secrets are
 * write-only (an empty field keeps the stored one), every change is audited and reaches the running
 * channels at once (here) and within seconds (other instances).
 */
export function inboxesService(deps: {
  db: Kysely<Database>;
  repo: InboxesRepository;
  manager: InboxManager;
}) {
  const { db, repo, manager } = deps;
  const kindOf = (name: string) => manager.kinds().get(name);

  async function found(id: string): Promise<InboxWithMembers> {
    const row = await repo.find(id);
    if (!row || row.removed_at !== null) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  function toInbox(row: InboxWithMembers, viewer: Actor): Inbox {
    const kind = kindOf(row.kind);
    const isAdmin = can(viewer, 'inboxes:manage');
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      phone: row.phone,
      status: manager.statusOf(row.id),
      agentEnabled: row.agent_enabled === 1,
      operatorAccess: row.operator_access,
      memberIds: isAdmin ? row.memberIds : [],
      autoAssign: row.auto_assign === 1,
      assignCapacity: row.assign_capacity,
      sla: {
        firstResponseMinutes: row.sla_first_response_minutes,
        resolutionMinutes: row.sla_resolution_minutes,
      },
      settings: isAdmin ? viewSettings(kind, row.settings) : {},
      primary: manager.primary()?.id === row.id,
      installed: row.removed_at !== null || manager.isRunning(row.id),
      createdAt: toIso(row.created_at),
      removedAt: row.removed_at === null ? null : toIso(row.removed_at),
    };
  }

  /**
   * Refuses settings whose number another active inbox of the kind already holds (409): the provider's
   * messages would reach only one of them, and the other's would be lost.
   */
  async function assertNumberFree(kind: AnyChannelKind, settings: Record<string, unknown>, self?: string) {
    const number = kind.numberId?.(settings);
    if (!number) return;
    const holder = (await repo.list()).find(
      (row) =>
        row.id !== self && row.kind === kind.kind && kind.numberId?.(parseSettings(row.settings)) === number,
    );
    if (holder) {
      throw new AppError(
        'CONFLICT',
        `Este número (ID ${number}) já está na caixa de entrada "${holder.name}". Um número só pode estar em uma caixa de entrada.`,
      );
    }
  }

  /** Whether `viewer` may see (and so act on) the inbox: admins all, an operator those open to them. */
  async function visibleTo(viewer: Actor, id: string): Promise<boolean> {
    if (can(viewer, 'conversations:see-all')) return true;
    return (await repo.visibleTo(viewer.id)).includes(id);
  }

  /** Submitted settings over the stored ones: an empty secret keeps what is stored. */
  function mergeSettings(
    kind: AnyChannelKind,
    stored: Record<string, unknown>,
    submitted: Record<string, unknown>,
  ) {
    const merged: Record<string, unknown> = { ...stored };
    for (const [key, value] of Object.entries(submitted)) {
      if (!kind.fields.some((field) => field.key === key)) continue;
      if (kind.secretKeys.includes(key) && value === '') continue;
      merged[key] = value;
    }
    const parsed = kind.settingsSchema.safeParse(merged);
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data as Record<string, unknown>;
  }

  return {
    async kinds(): Promise<ChannelKindInfo[]> {
      return Promise.all(
        [...manager.kinds().values()].map(async (kind) => ({
          kind: kind.kind,
          label: kind.label,
          description: kind.description,
          installed: await kind.installed(),
          pairing: kind.pairing,
          fields: kind.fields,
        })),
      );
    },

    /** Admins see every inbox; an operator only those open to all operators or to them. */
    async list(viewer: Actor, options: { removed: boolean }): Promise<Inbox[]> {
      await manager.refreshStatuses();
      const rows = await repo.list(options);
      if (can(viewer, 'conversations:see-all')) return rows.map((row) => toInbox(row, viewer));
      const visible = new Set(await repo.visibleTo(viewer.id));
      return rows.filter((row) => visible.has(row.id)).map((row) => toInbox(row, viewer));
    },

    /** Whether `viewer` may see the inbox (the per-inbox rule of `list`). */
    mayUse: visibleTo,

    async get(id: string, viewer: Actor): Promise<Inbox> {
      return toInbox(await found(id), viewer);
    },

    async create(input: CreateInput, actor: Actor): Promise<Inbox> {
      const kind = kindOf(input.kind);
      if (!kind) throw new AppError('VALIDATION_ERROR', 'Tipo de canal desconhecido');
      if (!(await kind.installed()))
        throw new AppError('CONFLICT', 'Tipo de canal não instalado neste servidor');
      const settings = mergeSettings(kind, {}, input.settings);
      await assertNumberFree(kind, settings);
      const id = newId();
      await repo.insert(
        {
          id,
          kind: kind.kind,
          name: input.name,
          phone: null,
          settings: JSON.stringify(settings),
          agent_enabled: input.agentEnabled ? 1 : 0,
          operator_access: input.operatorAccess,
          auto_assign: input.autoAssign ? 1 : 0,
          assign_capacity: input.assignCapacity,
          sla_first_response_minutes: input.sla.firstResponseMinutes,
          sla_resolution_minutes: input.sla.resolutionMinutes,
        },
        input.memberIds,
      );
      await recordAudit(db, {
        action: 'inbox.create',
        actor,
        targetType: 'inbox',
        targetId: id,
        detail: { kind: kind.kind, name: input.name },
      });
      await manager.changed();
      return toInbox(await found(id), actor);
    },

    async update(id: string, input: UpdateInboxRequest, actor: Actor): Promise<Inbox> {
      const row = await found(id);
      const kind = kindOf(row.kind);
      const merged =
        input.settings && kind ? mergeSettings(kind, parseSettings(row.settings), input.settings) : undefined;
      if (merged && kind) await assertNumberFree(kind, merged, id);
      const settings = merged ? JSON.stringify(merged) : undefined;
      await repo.update(
        id,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(settings !== undefined ? { settings } : {}),
          ...(input.agentEnabled !== undefined ? { agent_enabled: input.agentEnabled ? 1 : 0 } : {}),
          ...(input.operatorAccess !== undefined ? { operator_access: input.operatorAccess } : {}),
          ...(input.autoAssign !== undefined ? { auto_assign: input.autoAssign ? 1 : 0 } : {}),
          ...(input.assignCapacity !== undefined ? { assign_capacity: input.assignCapacity } : {}),
          ...(input.sla !== undefined
            ? {
                sla_first_response_minutes: input.sla.firstResponseMinutes,
                sla_resolution_minutes: input.sla.resolutionMinutes,
              }
            : {}),
        },
        input.memberIds,
      );
      await recordAudit(db, {
        action: 'inbox.update',
        actor,
        targetType: 'inbox',
        targetId: id,
        // Field names only: settings may hold secrets.
        detail: {
          fields: Object.keys(input),
          ...(input.settings ? { settings: Object.keys(input.settings) } : {}),
        },
      });
      await manager.changed();
      return toInbox(await found(id), actor);
    },

    /** Stops its channel; its conversations stay, readable, labelled with its name. */
    async remove(id: string, actor: Actor): Promise<void> {
      const row = await found(id);
      await repo.remove(id);
      await recordAudit(db, {
        action: 'inbox.remove',
        actor,
        targetType: 'inbox',
        targetId: id,
        detail: { kind: row.kind, name: row.name },
      });
      await manager.changed();
    },

    /** For whoever may see the inbox; another's answers 404, as if it did not exist. */
    async reconnect(id: string, viewer: Actor): Promise<Inbox> {
      const row = await found(id);
      if (!(await visibleTo(viewer, row.id))) throw new AppError('NOT_FOUND', NOT_FOUND);
      await running(row.id).reconnect();
      return toInbox(row, viewer);
    },

    /** Unlinks the number (credentials wiped, a new QR): where the kind can. */
    async disconnect(id: string, actor: Actor): Promise<Inbox> {
      const row = await found(id);
      const channel = running(row.id);
      if (!channel.logout) throw new AppError('CONFLICT', 'Este tipo de canal não se desconecta por aqui');
      await channel.logout();
      await recordAudit(db, { action: 'inbox.disconnect', actor, targetType: 'inbox', targetId: id });
      return toInbox(row, actor);
    },

    async pairingCode(id: string, phone: string): Promise<string> {
      const row = await found(id);
      const channel = running(row.id);
      if (!channel.requestPairingCode)
        throw new AppError('CONFLICT', 'Este tipo de canal não usa código de pareamento');
      return channel.requestPairingCode(phone);
    },
  };

  function running(id: string) {
    const channel = manager.channelOf(id);
    if (!channel) throw new AppError('CHANNEL_UNAVAILABLE', 'Tipo de canal não instalado neste servidor');
    return channel;
  }
}

export type InboxesService = ReturnType<typeof inboxesService>;
