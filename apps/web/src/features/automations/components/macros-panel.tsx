import type { Macro } from '@atende/contracts';
import { Pencil, Plus, Trash2, WandSparkles } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/integration-card/empty-state';
import { IntegrationCard } from '@/components/integration-card/integration-card';
import { ItemList, ItemRow, ItemTag, ItemTitle } from '@/components/integration-card/item-row';
import { QueryBody } from '@/components/integration-card/query-body';
import { Button, toast, useConfirm } from '@/components/ui';
import { useMacros } from '@/lib/api/get-macros';
import { useAuth } from '@/lib/session';
import { useDeleteMacro } from '../api/delete-macro';
import { useRuleCatalog } from '../hooks/use-rule-catalog';
import { describeActions } from '../lib/rule-sentence';
import { MacroEditorDialog } from './macro-editor-dialog';

type Editing = { macro?: Macro } | null;

/** /settings/macros (everyone): my personal macros and the team's shared ones. */
export default function MacrosPanel() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const macros = useMacros();
  const catalog = useRuleCatalog();
  const remove = useDeleteMacro();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  // Admins edit every macro; anyone else only their own personal ones.
  const canEdit = (macro: Macro) => isAdmin || (!macro.shared && macro.ownerId === user?.id);

  const askDelete = async (macro: Macro) => {
    const ok = await confirm({
      variant: 'error',
      title: 'Excluir macro',
      message: macro.shared
        ? `Excluir a macro “${macro.name}”? Ela some para toda a equipe.`
        : `Excluir a macro “${macro.name}”?`,
      confirmLabel: 'Excluir',
    });
    if (!ok) return;
    remove.mutate(macro.id, {
      onSuccess: () => toast.success('Macro excluída'),
      onError: (error) => toast.error('Erro ao excluir a macro', error.message),
    });
  };

  return (
    <IntegrationCard
      id="macros"
      testId="macros-panel"
      title="Macros"
      description="Várias ações de uma vez na conversa aberta, com um clique: pelo menu Macros no topo do chat ou digitando / na mensagem."
      action={
        <Button className="shrink-0 self-start" onClick={() => setEditing({})}>
          <Plus aria-hidden="true" className="size-4" />
          Nova macro
        </Button>
      }
      notice={isAdmin ? null : 'As macros da equipe são criadas pelos administradores; as suas, só você vê.'}
    >
      <QueryBody
        query={macros}
        skeletons={['h-14', 'h-14']}
        what="as macros"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={WandSparkles}
            title="Nenhuma macro ainda"
            action={
              <Button variant="secondary" className="mt-2" onClick={() => setEditing({})}>
                Criar a primeira macro
              </Button>
            }
          >
            Junte o que você repete em toda conversa. Ex.: “Boleto enviado” adiciona a etiqueta Financeiro,
            envia a resposta rápida do boleto e finaliza a conversa.
          </EmptyState>
        }
      >
        {(list) => (
          <ItemList label="Macros">
            {list.map((macro) => (
              <ItemRow key={macro.id} data-testid="macro-row">
                <div className="min-w-0 flex-1">
                  <ItemTitle badges={<ItemTag>{macro.shared ? 'Da equipe' : 'Pessoal'}</ItemTag>}>
                    {macro.name}
                  </ItemTitle>
                  <p className="mt-1 text-slate-600 text-sm dark:text-slate-300">
                    {describeActions(macro.actions, catalog.names)}.
                  </p>
                </div>
                {canEdit(macro) ? (
                  <div className="flex items-center gap-1 self-end sm:self-center">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Editar ${macro.name}`}
                      title="Editar"
                      onClick={() => setEditing({ macro })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Excluir ${macro.name}`}
                      title="Excluir"
                      onClick={() => void askDelete(macro)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                ) : null}
              </ItemRow>
            ))}
          </ItemList>
        )}
      </QueryBody>
      <MacroEditorDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        macro={editing?.macro}
        canShare={isAdmin}
      />
    </IntegrationCard>
  );
}
