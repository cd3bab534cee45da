import type { Inbox, ManagedUser } from '@atende/contracts';

/** Who may see an inbox, in a few words: everyone, or the chosen members by name. */
export function accessSummary(
  inbox: Pick<Inbox, 'operatorAccess' | 'memberIds'>,
  team: readonly Pick<ManagedUser, 'id' | 'name'>[] | undefined,
): string {
  if (inbox.operatorAccess === 'all') return 'Todos os operadores';
  const count = inbox.memberIds.length;
  if (count === 0) return 'Só administradores';
  const names = team
    ? inbox.memberIds.flatMap((id) => team.find((member) => member.id === id)?.name ?? [])
    : [];
  if (names.length === count && count <= 2) return names.join(' e ');
  return count === 1 ? '1 membro' : `${count} membros`;
}
