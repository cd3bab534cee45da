import type { Availability } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../kernel/audit/audit.repository.js';
import { AppError } from '../../lib/app-error.js';
import { setUserAvailability } from '../users/users.service.js';

type Listener = (userId: string, availability: Availability) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Each person's availability: what they chose, or offline while no dashboard of theirs is open. */
    availability: ReturnType<typeof availabilityService>;
  }
}

/**
 * Availability: chosen in the user menu (online, ausente, ocupado) and kept across sign-ins;
 * offline while none of the person's dashboards is connected anywhere in the cluster, and what they
 * chose again when one comes back. Every change reaches the dashboards (`user:availability`) and the
 * listeners (automatic assignment offers waiting conversations to whoever came online).
 */
export function availabilityService(app: FastifyInstance) {
  const listeners = new Set<Listener>();
  const pending = new Map<string, NodeJS.Timeout>();

  async function chosen(userId: string): Promise<Availability | null> {
    const row = await app.db
      .selectFrom('users')
      .select(['availability', 'disabled'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && row.disabled === 0 ? row.availability : null;
  }

  async function effective(userId: string): Promise<Availability> {
    const choice = await chosen(userId);
    if (!choice) return 'offline';
    return (await app.realtime.isPresent(userId)) ? choice : 'offline';
  }

  function announce(userId: string, availability: Availability) {
    app.realtime.toDashboard('user:availability', { userId, availability });
    for (const listener of listeners) listener(userId, availability);
  }

  const stopPresence = app.realtime.onPresence((userId, present) => {
    clearTimeout(pending.get(userId));
    pending.delete(userId);
    if (present) {
      chosen(userId)
        .then((choice) => {
          if (choice) announce(userId, choice);
        })
        .catch((err: unknown) => app.log.warn({ err, userId }, 'availability lookup failed'));
      return;
    }
    // A reload or a dropped network closes the last socket for a moment: offline only after the grace.
    const timer = setTimeout(() => {
      pending.delete(userId);
      app.realtime
        .isPresent(userId)
        .then((back) => {
          if (!back) announce(userId, 'offline');
        })
        // Redis unreachable: nobody is told offline on a guess; the next presence change decides.
        .catch((err: unknown) => app.log.warn({ err, userId }, 'presence check failed'));
    }, app.config.presenceGraceMs);
    timer.unref();
    pending.set(userId, timer);
  });
  app.addHook('onClose', async () => {
    stopPresence();
    for (const timer of pending.values()) clearTimeout(timer);
  });

  return {
    effective,
    onChange(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Sets what a person chose; an admin setting a colleague's is audited. */
    async set(
      actor: { id: string; name: string },
      userId: string,
      availability: Exclude<Availability, 'offline'>,
    ): Promise<Availability> {
      if (!(await setUserAvailability(app.db, userId, availability)))
        throw new AppError('NOT_FOUND', 'Usuário não encontrado');
      if (actor.id !== userId) {
        await recordAudit(app.db, {
          action: 'user.availability',
          actor,
          targetType: 'user',
          targetId: userId,
          detail: { availability },
        });
      }
      const current = await effective(userId);
      announce(userId, current);
      return current;
    },
  };
}
