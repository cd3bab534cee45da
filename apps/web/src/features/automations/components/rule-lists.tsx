import type { AutomationAction, AutomationCondition } from '@atende/contracts';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { inputClass } from '@/components/form/fields';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { RuleCatalog } from '../hooks/use-rule-catalog';
import {
  ACTION_GROUPS,
  type ActionType,
  CONDITION_TYPES,
  type ConditionType,
  moveItem,
  newAction,
  newCondition,
} from '../lib/rule-items';
import { ActionFields } from './action-fields';
import { AddItemMenu } from './add-item-menu';
import { ConditionFields, type ErrorOf } from './condition-fields';

const SENDS = new Set<ActionType>([
  'send_message',
  'send_canned_reply',
  'send_template',
  'send_inbox_message',
]);

/** A message after an assignment in the same rule: once a person holds the conversation it is not sent. */
function sendsAfterAssignment(actions: readonly AutomationAction[], index: number): boolean {
  const action = actions[index];
  if (!action || !SENDS.has(action.type)) return false;
  return actions.slice(0, index).some((a) => a.type === 'assign_person' || a.type === 'assign_round_robin');
}

const itemClass = 'rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900';
const emptyClass =
  'rounded-lg border border-slate-300 border-dashed px-3 py-2.5 text-slate-500 text-sm dark:border-slate-700 dark:text-slate-400';

/** Focuses the kind select of the item at `index` once it is on screen (after adding or moving it). */
function useFocusItem(listRef: React.RefObject<HTMLOListElement | HTMLUListElement | null>) {
  return (index: number, selector = 'select') =>
    requestAnimationFrame(() => {
      const item = listRef.current?.children[index];
      item?.querySelector<HTMLElement>(selector)?.focus();
    });
}

/** The rule's conditions: all must hold. Each has a kind and that kind's fields. */
export function ConditionList({
  conditions,
  onChange,
  errorAt,
  catalog,
}: {
  conditions: AutomationCondition[];
  onChange: (next: AutomationCondition[]) => void;
  /** The form's error at a path (`conditions.0.words`). */
  errorAt: ErrorOf;
  catalog: RuleCatalog;
}) {
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const focusItem = useFocusItem(list);
  const replace = (index: number, next: AutomationCondition) =>
    onChange(conditions.map((c, i) => (i === index ? next : c)));
  return (
    <div className="space-y-2">
      {conditions.length === 0 ? (
        <p className={emptyClass}>Sem condições: a regra age em todo evento deste tipo.</p>
      ) : (
        <ul ref={list} aria-label="Condições" className="space-y-2">
          {conditions.map((condition, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; the index is their place
            <li key={index} className={itemClass} data-testid="rule-condition">
              <div className="flex items-center gap-2">
                <label
                  htmlFor={`${listId}-${index}`}
                  className="font-medium text-slate-700 text-sm dark:text-slate-200"
                >
                  Condição {index + 1}
                </label>
                <Button
                  size="sm"
                  variant="ghost"
                  className="ml-auto"
                  aria-label={`Remover condição ${index + 1}`}
                  title="Remover condição"
                  onClick={() => onChange(conditions.filter((_, i) => i !== index))}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </div>
              <select
                id={`${listId}-${index}`}
                value={condition.type}
                onChange={(e) =>
                  replace(index, newCondition(e.target.value as ConditionType, catalog.defaults))
                }
                className={cn(inputClass, 'mt-1 sm:max-w-xs')}
              >
                {CONDITION_TYPES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
              <div className="mt-3">
                <ConditionFields
                  condition={condition}
                  onChange={(next) => replace(index, next)}
                  error={(field) => errorAt(`conditions.${index}.${field}`)}
                  catalog={catalog}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddItemMenu
        label="Adicionar condição"
        testId="add-condition"
        groups={[{ types: CONDITION_TYPES }]}
        onPick={(type) => {
          onChange([...conditions, newCondition(type, catalog.defaults)]);
          focusItem(conditions.length);
        }}
      />
    </div>
  );
}

/** The actions, in the order they run: each can be moved up or down, changed or removed. */
export function ActionList({
  actions,
  onChange,
  errorAt,
  catalog,
  templateInboxId,
}: {
  actions: AutomationAction[];
  onChange: (next: AutomationAction[]) => void;
  errorAt: ErrorOf;
  catalog: RuleCatalog;
  templateInboxId?: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  const listId = useId();
  const focusItem = useFocusItem(list);
  const replace = (index: number, next: AutomationAction) =>
    onChange(actions.map((a, i) => (i === index ? next : a)));
  const move = (index: number, step: -1 | 1) => {
    const to = index + step;
    onChange(moveItem(actions, index, to));
    // The same button at its new place, or the other one when it reached an end.
    const atEnd = to === 0 || to === actions.length - 1;
    const direction = atEnd ? (step < 0 ? 'down' : 'up') : step < 0 ? 'up' : 'down';
    focusItem(to, `[data-move="${direction}"]`);
  };
  const error = errorAt('actions');
  return (
    <div className="space-y-2">
      {actions.length === 0 ? (
        <p className={emptyClass}>
          Nenhuma ação ainda. Inclua o que deve acontecer, na ordem em que deve acontecer.
        </p>
      ) : (
        <ol ref={list} aria-label="Ações, na ordem em que acontecem" className="space-y-2">
          {actions.map((action, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; the index is their place
            <li key={index} className={itemClass} data-testid="rule-action">
              <div className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-50 font-semibold text-indigo-700 text-xs dark:bg-indigo-500/15 dark:text-indigo-200"
                >
                  {index + 1}
                </span>
                <label
                  htmlFor={`${listId}-${index}`}
                  className="font-medium text-slate-700 text-sm dark:text-slate-200"
                >
                  Ação {index + 1}
                </label>
                <div className="ml-auto flex shrink-0">
                  <Button
                    size="sm"
                    variant="ghost"
                    data-move="up"
                    aria-label={`Mover ação ${index + 1} para cima`}
                    title="Mover para cima"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    data-move="down"
                    aria-label={`Mover ação ${index + 1} para baixo`}
                    title="Mover para baixo"
                    disabled={index === actions.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remover ação ${index + 1}`}
                    title="Remover ação"
                    onClick={() => onChange(actions.filter((_, i) => i !== index))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </div>
              <select
                id={`${listId}-${index}`}
                value={action.type}
                onChange={(e) => replace(index, newAction(e.target.value as ActionType, catalog.defaults))}
                className={cn(inputClass, 'mt-1 sm:ml-8 sm:max-w-xs')}
              >
                {ACTION_GROUPS.map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    {group.types.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              <div className="mt-3 space-y-3 sm:pl-8">
                <ActionFields
                  action={action}
                  onChange={(next) => replace(index, next)}
                  error={(field) => errorAt(`actions.${index}.${field}`)}
                  catalog={catalog}
                  templateInboxId={templateInboxId}
                />
                {sendsAfterAssignment(actions, index) ? (
                  <p
                    data-testid="send-after-assign"
                    className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-xs dark:bg-amber-500/10 dark:text-amber-200"
                  >
                    Esta mensagem vem depois de uma atribuição: se uma pessoa assumir a conversa, ela não é
                    enviada (a regra nunca fala por cima de uma pessoa). Mova-a para antes da atribuição.
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {error ? (
        <p role="alert" className="text-red-600 text-xs dark:text-red-400">
          {error}
        </p>
      ) : null}
      <AddItemMenu
        label="Adicionar ação"
        testId="add-action"
        groups={ACTION_GROUPS.map((g) => ({ label: g.label, types: g.types }))}
        onPick={(type) => {
          onChange([...actions, newAction(type, catalog.defaults)]);
          focusItem(actions.length);
        }}
      />
    </div>
  );
}
