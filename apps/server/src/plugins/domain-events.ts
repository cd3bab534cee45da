import type { DomainEvent } from '@atende/contracts';
import fp from 'fastify-plugin';
import type { DomainEvents } from '../types.js';

/**
 * The in-process bus of domain events (`app.domainEvents`): the messaging module publishes what
 * committed (a message received or sent, a status change, a hand-off, an assignment, a client
 * updated) and the inbox manager an inbox's connection; outbound webhooks and any other reaction
 * subscribe, and never reach back into the tables the events came from. A listener that throws is
 * logged and the others still hear the event.
 */
export const domainEventsPlugin = fp(
  async (app) => {
    const listeners = new Set<(event: DomainEvent) => void>();
    const bus: DomainEvents = {
      publish(...events) {
        for (const event of events) {
          for (const listener of listeners) {
            try {
              listener(event);
            } catch (error) {
              app.log.error({ err: error, type: event.type }, 'domain event listener failed');
            }
          }
        }
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
    };
    app.decorate('domainEvents', bus);
  },
  { name: 'atende-domain-events' },
);
