import type { Macro } from '@atende/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Plus, WandSparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useMacros } from '@/lib/api/get-macros';
import { cn } from '@/lib/cn';
import { useRunMacroOn } from '../hooks/use-run-macro-on';
import { HeaderMenu, headerIconButton, headerMenuItem, headerMenuSeparator } from './header-menu';

const groupLabel =
  'px-2.5 pt-2 pb-1 font-semibold text-[11px] text-slate-500 uppercase tracking-wide dark:text-slate-400';

/** The chat header's Macros button: the team's and my macros, each run on this conversation at once. */
export function MacrosMenu({ conversationId }: { conversationId: string }) {
  const macros = useMacros();
  const { start, isRunning } = useRunMacroOn(conversationId);
  const shared = macros.data?.filter((m) => m.shared) ?? [];
  const mine = macros.data?.filter((m) => !m.shared) ?? [];
  const item = (macro: Macro) => (
    <DropdownMenu.Item
      key={macro.id}
      className={headerMenuItem}
      disabled={isRunning}
      onSelect={() => start(macro)}
      data-testid="macro-item"
    >
      <WandSparkles aria-hidden="true" className="size-4 text-indigo-500" /> {macro.name}
    </DropdownMenu.Item>
  );
  return (
    <HeaderMenu
      label="Macros"
      trigger={
        <button
          type="button"
          aria-label="Macros"
          title="Macros"
          aria-busy={isRunning || undefined}
          className={cn(headerIconButton, isRunning && 'animate-pulse')}
        >
          <WandSparkles aria-hidden="true" className="size-[18px]" />
        </button>
      }
    >
      <div className="max-h-80 w-64 overflow-y-auto">
        {macros.isPending ? (
          <p className="px-2.5 py-2 text-slate-500 text-sm dark:text-slate-400">Carregando...</p>
        ) : macros.isError ? (
          <p role="alert" className="px-2.5 py-2 text-red-700 text-sm dark:text-red-300">
            Erro ao carregar as macros
          </p>
        ) : macros.data.length === 0 ? (
          <p className="px-2.5 py-2 text-slate-500 text-sm dark:text-slate-400">
            Nenhuma macro ainda. Uma macro faz várias ações de uma vez: etiqueta, resposta e finalizar, por
            exemplo.
          </p>
        ) : (
          <>
            {shared.length > 0 && (
              <DropdownMenu.Group>
                <DropdownMenu.Label className={groupLabel}>Da equipe</DropdownMenu.Label>
                {shared.map(item)}
              </DropdownMenu.Group>
            )}
            {mine.length > 0 && (
              <DropdownMenu.Group>
                <DropdownMenu.Label className={groupLabel}>Minhas</DropdownMenu.Label>
                {mine.map(item)}
              </DropdownMenu.Group>
            )}
          </>
        )}
      </div>
      <DropdownMenu.Separator className={headerMenuSeparator} />
      <DropdownMenu.Item asChild className={headerMenuItem}>
        <Link to="/settings/macros">
          <Plus aria-hidden="true" className="size-4" /> Criar ou editar macros
        </Link>
      </DropdownMenu.Item>
    </HeaderMenu>
  );
}
