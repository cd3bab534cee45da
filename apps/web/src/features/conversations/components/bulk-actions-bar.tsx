import type { BulkActionRequest } from '@atende/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Tag, UserPlus, X } from 'lucide-react';
import { LABEL_COLOR_CLASSES } from '@/components/label-chip';
import { AvailabilityDot, Button } from '@/components/ui';
import { useLabels } from '@/lib/api/get-labels';
import { useTeamMembers } from '@/lib/api/get-team-members';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useBulkConversations } from '../api/bulk-conversations';
import { orderForAssignment } from './assign-menu';
import { HeaderMenu, headerMenuItem } from './header-menu';

/**
 * Shown while rows are checked: how many, and Resolver, Atribuir (admins) and Etiquetar for all of
 * them at once; the selection clears when the action is done.
 */
export function BulkActionsBar({
  selectedIds,
  canAssign,
  onClear,
}: {
  selectedIds: readonly string[];
  canAssign: boolean;
  onClear: () => void;
}) {
  const bulk = useBulkConversations();
  const labels = useLabels().data ?? [];
  const team = useTeamMembers({ enabled: canAssign }).data ?? [];
  const count = selectedIds.length;

  const run = (request: BulkActionRequest) => bulk.mutate(request, { onSuccess: onClear });

  return (
    <div
      role="toolbar"
      aria-label="Ações em massa"
      data-testid="bulk-bar"
      className="flex flex-wrap items-center gap-1.5 border-slate-200 border-t bg-indigo-50/70 px-3 py-2 dark:border-slate-800 dark:bg-indigo-500/10"
    >
      <span
        data-testid="bulk-count"
        aria-live="polite"
        className="font-semibold text-indigo-900 text-xs dark:text-indigo-100"
      >
        {formatCount(count, 'selecionada', 'selecionadas')}
      </span>
      <button
        type="button"
        aria-label="Limpar seleção"
        title="Limpar seleção (Esc)"
        onClick={onClear}
        className="rounded p-0.5 text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-200 dark:hover:bg-indigo-500/20"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
      <div className="ml-auto flex items-center gap-1">
        <Button
          size="sm"
          variant="primary"
          isLoading={bulk.isPending && bulk.variables?.action === 'resolve'}
          disabled={bulk.isPending}
          onClick={() => run({ action: 'resolve', conversationIds: [...selectedIds] })}
        >
          Resolver
        </Button>
        {canAssign && (
          <HeaderMenu
            label="Atribuir a"
            trigger={
              <Button
                size="sm"
                variant="secondary"
                disabled={bulk.isPending}
                title="Atribuir a"
                className="px-2.5"
              >
                <UserPlus aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Atribuir</span>
              </Button>
            }
          >
            {orderForAssignment(team).map((member) => (
              <DropdownMenu.Item
                key={member.id}
                className={headerMenuItem}
                onSelect={() =>
                  run({ action: 'assign', conversationIds: [...selectedIds], userId: member.id })
                }
              >
                <AvailabilityDot availability={member.availability} />
                <span className="min-w-0 flex-1 truncate">{member.name}</span>
                <span className="text-slate-400 text-xs tabular-nums dark:text-slate-500">
                  {formatCount(member.openConversations, 'aberta', 'abertas')}
                </span>
              </DropdownMenu.Item>
            ))}
          </HeaderMenu>
        )}
        <HeaderMenu
          label="Etiquetar"
          trigger={
            <Button
              size="sm"
              variant="secondary"
              disabled={bulk.isPending}
              title="Etiquetar"
              className="px-2.5"
            >
              <Tag aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Etiquetar</span>
            </Button>
          }
        >
          {labels.length === 0 && (
            <p className="px-2.5 py-2 text-slate-500 text-sm dark:text-slate-400">Nenhuma etiqueta</p>
          )}
          {labels.map((label) => (
            <DropdownMenu.Item
              key={label.id}
              className={headerMenuItem}
              onSelect={() => run({ action: 'label', conversationIds: [...selectedIds], labelId: label.id })}
            >
              <span
                aria-hidden="true"
                className={cn('size-2.5 rounded-full', LABEL_COLOR_CLASSES[label.color].dot)}
              />
              {label.name}
            </DropdownMenu.Item>
          ))}
        </HeaderMenu>
      </div>
    </div>
  );
}
