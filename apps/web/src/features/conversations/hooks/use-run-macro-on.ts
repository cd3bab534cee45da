import type { Macro } from '@atende/contracts';
import { toast } from '@/components/ui';
import { useRunMacro } from '../api/run-macro';
import { errorReason, notify } from './use-notify';

/** Runs a macro on a conversation and says what it did (or why it could not). */
export function useRunMacroOn(conversationId: string | null) {
  const run = useRunMacro();
  const start = (macro: Macro) => {
    if (!conversationId) return;
    run.mutate(
      { macroId: macro.id, conversationId },
      {
        onSuccess: (lines) => toast.success(`Macro “${macro.name}” aplicada`, lines.join(' · ') || undefined),
        onError: (error) => notify.error(`Erro ao aplicar a macro “${macro.name}”: ${errorReason(error)}`),
      },
    );
  };
  return { start, isRunning: run.isPending };
}
