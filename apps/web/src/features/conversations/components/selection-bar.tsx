import { X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui';
import { useToastClearance } from '@/components/ui/toast-clearance';
import { formatCount } from '@/lib/format';

interface Props {
  count: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  onExit: () => void;
}

/** Selected count with 'Selecionar Todas', 'Limpar Seleção' and 'Apagar Selecionadas'. */
export function SelectionBar({ count, onSelectAll, onClear, onDelete, onExit }: Props) {
  // Its own buttons raise toasts ('Nenhuma mensagem selecionada'): they appear below it.
  const bar = useRef<HTMLDivElement>(null);
  useToastClearance(bar);
  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label="Seleção de mensagens"
      data-testid="selection-bar"
      className="flex flex-wrap items-center gap-2 border-slate-200 border-b bg-indigo-50/60 px-4 py-2 dark:border-slate-800 dark:bg-indigo-500/10"
    >
      <button
        type="button"
        aria-label="Sair da seleção"
        onClick={onExit}
        className="rounded-md p-1 text-slate-500 hover:bg-white hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
      <span
        data-testid="selection-count"
        className="mr-auto font-medium text-slate-800 text-sm dark:text-slate-100"
      >
        {formatCount(count, 'selecionada', 'selecionadas')}
      </span>
      <Button size="sm" variant="ghost" onClick={onSelectAll}>
        Selecionar Todas
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Limpar Seleção
      </Button>
      <Button size="sm" variant="danger" onClick={onDelete}>
        Apagar Selecionadas
      </Button>
    </div>
  );
}
