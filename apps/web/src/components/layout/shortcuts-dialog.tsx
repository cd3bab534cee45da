import { Modal } from '@/components/ui/modal';
import { NAV_ITEMS } from './nav-items';

const kbd =
  'inline-flex min-w-6 items-center justify-center rounded border border-slate-300 bg-slate-50 px-1.5 font-sans text-slate-700 text-xs dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200';

/** One key, or a sequence of two ("G depois C"). */
function Keys({ keys }: { keys: string[] }) {
  const [first, second] = keys;
  return (
    <span className="flex shrink-0 items-center gap-1">
      <kbd className={kbd}>{first}</kbd>
      {second && (
        <>
          <span className="text-slate-500 text-xs dark:text-slate-400">depois</span>
          <kbd className={kbd}>{second}</kbd>
        </>
      )}
    </span>
  );
}

/** Every keyboard shortcut of the dashboard ("?" opens it). */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  const rows: Array<{ label: string; keys: string[][] }> = [
    { label: 'Buscar clientes, conversas e mensagens', keys: [[isMac ? '⌘ K' : 'Ctrl K']] },
    { label: 'Mostrar estes atalhos', keys: [['?']] },
    ...NAV_ITEMS.filter((item) => item.shortcut).map((item) => ({
      label: `Ir para ${item.label}`,
      keys: [item.shortcut!, ...(item.aliases ?? [])].map((key) => ['G', key.toUpperCase()]),
    })),
  ];
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Atalhos do teclado" size="sm">
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="shortcuts-list">
        {rows.map((row) => (
          <li key={row.label} className="flex items-center justify-between gap-3 py-2">
            <span>{row.label}</span>
            <span className="flex flex-col items-end gap-1">
              {row.keys.map((keys) => (
                <Keys key={keys.join('+')} keys={keys} />
              ))}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-slate-500 text-xs dark:text-slate-400">
        Os atalhos de letra não agem enquanto você digita num campo.
      </p>
    </Modal>
  );
}
