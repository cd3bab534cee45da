import type { AutomationRule } from '@atende/contracts';
import { Lightbulb, Plus, Workflow } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/integration-card/empty-state';
import { IntegrationCard } from '@/components/integration-card/integration-card';
import { QueryBody } from '@/components/integration-card/query-body';
import { Button, toast, useConfirm } from '@/components/ui';
import { useDeleteAutomationRule } from '../api/delete-automation-rule';
import { useAutomationRules } from '../api/get-automation-rules';
import { useReorderAutomationRules } from '../api/reorder-automation-rules';
import { useSaveAutomationRule } from '../api/save-automation-rule';
import { useRuleCatalog } from '../hooks/use-rule-catalog';
import { RULE_EXAMPLES } from '../lib/rule-examples';
import { moveItem, type RuleFormValues, ruleToForm, ruleToInput } from '../lib/rule-items';
import { RuleEditorDialog } from './rule-editor-dialog';
import { RuleRow } from './rule-row';

type Editing = { rule?: AutomationRule; initial?: RuleFormValues } | null;

/** /settings/automations (admins): the rules in the order they run, each read as a sentence. */
export default function AutomationsPanel() {
  const rules = useAutomationRules();
  const catalog = useRuleCatalog();
  const save = useSaveAutomationRule();
  const remove = useDeleteAutomationRule();
  const reorder = useReorderAutomationRules();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [moved, setMoved] = useState<{ id: string; to: number; direction: 'up' | 'down' } | null>(null);

  const move = (list: AutomationRule[], from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    const next = moveItem(list, from, to);
    const rule = list[from];
    reorder.mutate(
      next.map((r) => r.id),
      {
        onError: (error) => {
          setMoved(null);
          toast.error('Erro ao mudar a ordem das regras', error.message);
        },
      },
    );
    if (!rule) return;
    setAnnouncement(`${rule.name}: agora em ${to + 1}º de ${list.length}`);
    // The same button at the row's new place, or the other one once it reached an end.
    const direction = to === 0 ? 'down' : to === list.length - 1 ? 'up' : to < from ? 'up' : 'down';
    setMoved({ id: rule.id, to, direction });
  };

  // The keyboard follows the moved rule once the list shows it at its new place (the new order is
  // written to the cache after the mutation starts, not in the click's frame).
  useEffect(() => {
    if (!moved || rules.data?.[moved.to]?.id !== moved.id) return;
    document
      .querySelector<HTMLElement>(`[data-rule-id="${moved.id}"] [data-move="${moved.direction}"]`)
      ?.focus();
    setMoved(null);
  }, [moved, rules.data]);

  const toggle = (rule: AutomationRule, enabled: boolean) =>
    save.mutate(
      { id: rule.id, rule: ruleToInput(rule, { enabled }) },
      {
        onSuccess: () =>
          toast.success(enabled ? `Regra “${rule.name}” ligada` : `Regra “${rule.name}” desligada`),
        onError: (error) => toast.error('Erro ao ligar ou desligar a regra', error.message),
      },
    );

  const askDelete = async (rule: AutomationRule) => {
    const ok = await confirm({
      variant: 'error',
      title: 'Excluir regra',
      message: `Excluir a regra “${rule.name}”? O que ela já fez nas conversas continua registrado.`,
      confirmLabel: 'Excluir',
    });
    if (!ok) return;
    remove.mutate(rule.id, {
      onSuccess: () => toast.success('Regra excluída'),
      onError: (error) => toast.error('Erro ao excluir a regra', error.message),
    });
  };

  const hasOwnRules = rules.data?.some((rule) => !rule.builtin) ?? true;

  return (
    <div className="space-y-6">
      <IntegrationCard
        id="automations"
        testId="automations-panel"
        title="Automações"
        description="Regras que agem sozinhas nas conversas: quando algo acontece, se as condições valem, as ações rodam em ordem. A lista roda de cima para baixo."
        action={
          <Button className="shrink-0 self-start" onClick={() => setEditing({})}>
            <Plus aria-hidden="true" className="size-4" />
            Nova regra
          </Button>
        }
      >
        <QueryBody
          query={rules}
          skeletons={['h-16', 'h-16', 'h-16']}
          what="as regras"
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState icon={Workflow} title="Nenhuma regra ainda">
              Uma regra faz sozinha o que a equipe repete. Comece por uma das ideias abaixo ou crie do zero.
            </EmptyState>
          }
        >
          {(list) => (
            <ol
              aria-label="Regras, na ordem em que rodam"
              className="divide-y divide-slate-200 dark:divide-slate-800"
              onDragLeave={(event) => {
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
              }}
            >
              {list.map((rule, index) => (
                <RuleRow
                  key={rule.id}
                  rule={rule}
                  index={index}
                  count={list.length}
                  names={catalog.names}
                  isBusy={save.isPending && save.variables?.id === rule.id}
                  isDragged={dragged === rule.id}
                  isDropTarget={dragged !== null && dragged !== rule.id && over === index}
                  onToggle={(enabled) => toggle(rule, enabled)}
                  onMove={(to) => move(list, index, to)}
                  onEdit={() => setEditing({ rule })}
                  onDuplicate={() =>
                    setEditing({
                      initial: { ...ruleToForm(rule), name: `${rule.name} (cópia)`.slice(0, 80) },
                    })
                  }
                  onDelete={() => void askDelete(rule)}
                  onDragStart={() => setDragged(rule.id)}
                  onDragOver={() => setOver(index)}
                  onDragEnd={() => {
                    setDragged(null);
                    setOver(null);
                  }}
                  onDrop={() => {
                    const from = list.findIndex((r) => r.id === dragged);
                    if (from >= 0) move(list, from, index);
                    setDragged(null);
                    setOver(null);
                  }}
                />
              ))}
            </ol>
          )}
        </QueryBody>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </IntegrationCard>
      {!hasOwnRules ? (
        <section aria-labelledby="rule-ideas" data-testid="rule-examples">
          <h2
            id="rule-ideas"
            className="flex items-center gap-2 font-semibold text-slate-900 text-sm dark:text-slate-100"
          >
            <Lightbulb aria-hidden="true" className="size-4 text-amber-500" />
            Ideias para começar
          </h2>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">
            Cada ideia abre o editor já preenchida: ajuste, teste com uma conversa e salve.
          </p>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {RULE_EXAMPLES.map((example) => (
              <li key={example.id}>
                <button
                  type="button"
                  onClick={() => setEditing({ initial: example.build(catalog.defaults, catalog.labels) })}
                  className="h-full w-full rounded-lg border border-slate-200 bg-white p-4 text-left transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-500/50 dark:hover:bg-indigo-500/10"
                >
                  <span className="block font-medium text-slate-900 text-sm dark:text-slate-100">
                    {example.title}
                  </span>
                  <span className="mt-1 block text-slate-500 text-sm dark:text-slate-400">
                    {example.summary}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <RuleEditorDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        rule={editing?.rule}
        initial={editing?.initial}
      />
    </div>
  );
}
