import { z } from 'zod';
import { idSchema } from './common.js';
import { okEnvelope } from './envelope.js';

/**
 * An operator's availability (the spec's badge values): what they chose (online, ausente, ocupado),
 * or offline while none of their dashboards is connected. Only `online` receives conversations by
 * automatic assignment.
 */
export const availabilitySchema = z.enum(['online', 'away', 'busy', 'offline']);
export type Availability = z.infer<typeof availabilitySchema>;
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  online: 'Online',
  away: 'Ausente',
  busy: 'Ocupado',
  offline: 'Offline',
};

/** What a person sets in the user menu (offline is the server's, when the last dashboard closes). */
export const chosenAvailabilitySchema = z.enum(['online', 'away', 'busy']);
export const setAvailabilityRequestSchema = z
  .object({
    availability: chosenAvailabilitySchema,
    /** An admin setting a colleague's (audited); absent: the signed-in person's own. */
    userId: idSchema.optional(),
  })
  .strict();
export type SetAvailabilityRequest = z.infer<typeof setAvailabilityRequestSchema>;

/** A team member as colleagues see them: for mentions, the assign menu and availability dots. */
export const teamMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(['admin', 'operator']),
  availability: availabilitySchema,
  /** Open conversations they hold. */
  openConversations: z.number().int().nonnegative(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMembersResponseSchema = okEnvelope(z.array(teamMemberSchema));
export const availabilityResponseSchema = okEnvelope(z.object({ availability: availabilitySchema }));

/** Realtime: someone's availability changed. */
export const availabilityEventSchema = z.object({ userId: idSchema, availability: availabilitySchema });
