import { type CannedReply, cannedReplyInputSchema } from '@atende/contracts';
import { EditableListCard } from '@/components/editable-list-card';
import { TextAreaField, TextField } from '@/components/form/fields';
import { InlineForm } from '@/components/form/inline-form';
import { useItemForm } from '@/components/form/use-item-form';
import { toast } from '@/components/ui';
import { useCannedReplies } from '@/lib/api/get-canned-replies';
import { useDeleteCannedReply, useSaveCannedReply } from '../api/canned-replies-api';

/** /settings/canned-replies: the team's shared quick replies (admin). */
export default function CannedRepliesPanel() {
  const query = useCannedReplies();
  const remove = useDeleteCannedReply();
  return (
    <EditableListCard
      title="Respostas rápidas"
      description={
        <>
          No chat, digite <kbd className="rounded border px-1 text-xs">/</kbd> para escolher uma. Use{' '}
          <code>{'{nome}'}</code> para o nome do cliente e <code>{'{atendente}'}</code> para o seu.
        </>
      }
      items={query.data}
      isPending={query.isPending}
      renderForm={(reply, onDone) => <ReplyForm reply={reply} onDone={onDone} />}
      renderItem={(reply) => (
        // On a phone a long shortcut beside the text would squeeze it to nothing: it goes above.
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1 sm:flex-row sm:gap-3">
          <code className="mt-0.5 max-w-full shrink-0 break-all rounded bg-indigo-50 px-1.5 py-0.5 font-medium text-indigo-700 text-xs dark:bg-indigo-500/15 dark:text-indigo-300">
            /{reply.shortcut}
          </code>
          <p className="min-w-0 flex-1 self-stretch whitespace-pre-wrap break-words text-slate-700 text-sm dark:text-slate-200">
            {reply.content}
          </p>
        </div>
      )}
      itemName={(reply) => `/${reply.shortcut}`}
      deleteQuestion={(reply) => `Excluir a resposta /${reply.shortcut}?`}
      onDelete={(reply) => remove.mutate(reply.id, { onSuccess: () => toast.success('Resposta excluída') })}
      rowTestId="canned-reply-row"
      rowAlign="start"
    />
  );
}

function ReplyForm({ reply, onDone }: { reply?: CannedReply; onDone: () => void }) {
  const save = useSaveCannedReply();
  const { values, set, errors, submit, isSaving } = useItemForm(
    cannedReplyInputSchema,
    { shortcut: reply?.shortcut ?? '', content: reply?.content ?? '' },
    save,
    reply?.id,
    () => {
      toast.success(reply ? 'Resposta atualizada' : 'Resposta criada');
      onDone();
    },
  );
  return (
    <InlineForm testId="canned-reply-form" onSubmit={submit} onCancel={onDone} isSaving={isSaving}>
      <TextField
        label="Atalho"
        hint="Letras minúsculas, números e hífen."
        value={values.shortcut}
        onChange={(v) => set('shortcut', v.toLowerCase())}
        error={errors.shortcut}
        maxLength={30}
      />
      <TextAreaField
        label="Texto"
        hint="Use {primeiro_nome} para o primeiro nome do cliente: “Olá, {primeiro_nome}!” chega como “Olá, Maria!”."
        value={values.content}
        onChange={(v) => set('content', v)}
        error={errors.content}
        maxLength={1000}
      />
    </InlineForm>
  );
}
