import type { AutomationRule } from '@atende/contracts';
import { ArrowDown, ArrowUp, Copy, GripVertical, Pencil, Trash2 } from 'lucide-react';
import type { DragEvent } from 'react';
import { ItemTag, ItemTitle } from '@/components/integration-card/item-row';
import { RowMenu, RowMenuItem } from '@/components/integration-card/row-menu';
import { Button, Switch } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { RuleNames } from '../lib/rule-sentence';
import { RuleSummary } from './rule-summary';

interface Props {
  rule: AutomationRule;
  index: number;
  count: number;
  names: RuleNames;
  isBusy: boolean;
  /** Another row is being dragged over this one: the drop line shows above it. */
  isDropTarget: boolean;
  isDragged: boolean;
  onToggle: (enabled: boolean) => void;
  onMove: (to: number) => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onDragStart: () => void;
  onDragOver: () => void;
  onDragEnd: () => void;
  onDrop: () => void;
}

/**
 * One rule: its place, name and sentence, the on/off switch, up/down (the keyboard's way to reorder)
 * and the drag handle (the mouse's), and its menu.
 */
export function RuleRow(props: Props) {
  const { rule, index, count, names } = props;
  const dragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    props.onDragOver();
  };
  return (
    <li
      data-testid="rule-row"
      data-rule-id={rule.id}
      onDragOver={dragOver}
      onDrop={(event) => {
        event.preventDefault();
        props.onDrop();
      }}
      className={cn(
        'relative flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:gap-4',
        props.isDragged && 'opacity-40',
        props.isDropTarget &&
          'before:absolute before:inset-x-3 before:-top-px before:h-0.5 before:rounded before:bg-indigo-500',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          draggable
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', rule.id);
            const row = event.currentTarget.closest('li');
            if (row) event.dataTransfer.setDragImage(row, 24, 24);
            props.onDragStart();
          }}
          onDragEnd={props.onDragEnd}
          title="Arraste para mudar a ordem"
          aria-hidden="true"
          className="mt-0.5 hidden cursor-grab text-slate-400 hover:text-slate-600 active:cursor-grabbing sm:block dark:hover:text-slate-200"
        >
          <GripVertical className="size-4" />
        </span>
        <span
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-600 text-xs tabular-nums dark:bg-slate-800 dark:text-slate-300"
          title="Ordem em que a regra roda"
        >
          <span className="sr-only">Posição </span>
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <ItemTitle isMuted={!rule.enabled} badges={rule.builtin ? <ItemTag>Padrão</ItemTag> : null}>
            {rule.name}
          </ItemTitle>
          <RuleSummary rule={rule} names={names} className={cn('mt-1', !rule.enabled && 'opacity-60')} />
        </div>
      </div>
      <div className="flex items-center gap-1 pl-9 sm:pl-0">
        <Switch
          label={rule.enabled ? 'Ligada' : 'Desligada'}
          labelClassName="w-16"
          checked={rule.enabled}
          ariaLabel={`Regra ${rule.name} ligada`}
          disabled={props.isBusy}
          onChange={props.onToggle}
        />
        <div className="ml-auto flex items-center sm:ml-2">
          <Button
            size="sm"
            variant="ghost"
            data-move="up"
            aria-label={`Mover ${rule.name} para cima`}
            title="Mover para cima"
            disabled={index === 0}
            onClick={() => props.onMove(index - 1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            data-move="down"
            aria-label={`Mover ${rule.name} para baixo`}
            title="Mover para baixo"
            disabled={index === count - 1}
            onClick={() => props.onMove(index + 1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Editar ${rule.name}`}
            title="Editar"
            onClick={props.onEdit}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <RowMenu label={`Mais ações da regra ${rule.name}`} isBusy={false}>
            <RowMenuItem icon={Copy} onSelect={props.onDuplicate}>
              Duplicar
            </RowMenuItem>
            {rule.builtin ? null : (
              <RowMenuItem icon={Trash2} onSelect={props.onDelete} isDanger>
                Excluir
              </RowMenuItem>
            )}
          </RowMenu>
        </div>
      </div>
    </li>
  );
}
