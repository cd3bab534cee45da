import type { Conversation } from '@atende/contracts';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { LabelChip } from '@/components/label-chip';
import { useLabels } from '@/lib/api/get-labels';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/session';
import { useSetConversationLabels } from '../api/set-conversation-labels';
import { errorReason, notify } from '../hooks/use-notify';

/** The chat header's tags button: toggles the team's labels on this conversation. */
export function LabelPicker({ conversation }: { conversation: Conversation }) {
  const labels = useLabels();
  const { user } = useAuth();
  const setLabels = useSetConversationLabels();
  const toggle = (labelId: string) => {
    const next = conversation.tags.includes(labelId)
      ? conversation.tags.filter((id) => id !== labelId)
      : [...conversation.tags, labelId];
    setLabels.mutate(
      { id: conversation.id, labelIds: next },
      { onError: (error) => notify.error(`Erro ao salvar etiquetas: ${errorReason(error)}`) },
    );
  };
  return (
    <div className="w-60" data-testid="label-picker">
      <div className="px-2.5 py-1.5 font-medium text-slate-500 text-xs dark:text-slate-400">Etiquetas</div>
      {labels.data?.length === 0 && (
        <p className="px-2.5 pb-2 text-slate-500 text-sm">
          Nenhuma etiqueta.
          {user?.role === 'admin' && (
            <>
              {' '}
              <Link to="/settings/labels" className="text-indigo-600 underline dark:text-indigo-300">
                Criar etiquetas
              </Link>
            </>
          )}
        </p>
      )}
      <ul className="max-h-64 overflow-y-auto pb-1">
        {labels.data?.map((label) => {
          const checked = conversation.tags.includes(label.id);
          return (
            <li key={label.id}>
              <button
                type="button"
                role="menuitemcheckbox"
                aria-checked={checked}
                disabled={setLabels.isPending}
                onClick={() => toggle(label.id)}
                className="flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
              >
                <span
                  className={cn(
                    'flex size-4 shrink-0 items-center justify-center rounded border',
                    checked
                      ? 'border-indigo-600 bg-indigo-600 text-white'
                      : 'border-slate-300 dark:border-slate-600',
                  )}
                >
                  {checked && <Check aria-hidden="true" className="size-3" />}
                </span>
                <LabelChip name={label.name} color={label.color} />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
