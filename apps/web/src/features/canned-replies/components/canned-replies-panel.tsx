import { type CannedReply, cannedReplyInputSchema } from '@atende/contracts';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { TextAreaField, TextField } from '@/components/form/fields';
import { type FieldErrors, issuesToErrors, serverErrors } from '@/components/form/use-zod-form';
import { Button, Card, CardHeader, Skeleton, toast, useConfirm } from '@/components/ui';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from '../api/canned-replies-api';

/** /settings/canned-replies: the team's shared quick replies (admin). */
export default function CannedRepliesPanel() {
  const query = useCannedReplies();
  const remove = useDeleteCannedReply();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);

  return (
    <Card>
      <CardHeader
        title="Respostas rápidas"
        description={
          <>
            No chat, digite <kbd className="rounded border px-1 text-xs">/</kbd> para escolher uma. Use{' '}
            <code>{'{nome}'}</code> para o nome do cliente e <code>{'{atendente}'}</code> para o seu.
          </>
        }
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Nova
          </Button>
        }
      />
      <div className="mt-4 border-slate-200 border-t dark:border-slate-800">
        {editing === 'new' && <ReplyForm onDone={() => setEditing(null)} />}
        {query.isPending && <Skeleton className="m-5 h-10" />}
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {query.data?.map((reply) =>
            editing !== 'new' && editing?.id === reply.id ? (
              <li key={reply.id}>
                <ReplyForm reply={reply} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={reply.id} data-testid="canned-reply-row" className="flex items-start gap-3 px-5 py-3">
                <code className="mt-0.5 shrink-0 rounded bg-indigo-50 px-1.5 py-0.5 font-medium text-indigo-700 text-xs dark:bg-indigo-500/15 dark:text-indigo-300">
                  /{reply.shortcut}
                </code>
                <p className="min-w-0 flex-1 whitespace-pre-wrap break-words text-slate-700 text-sm dark:text-slate-200">
                  {reply.content}
                </p>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Editar /${reply.shortcut}`}
                  onClick={() => setEditing(reply)}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-600 dark:text-red-400"
                  aria-label={`Excluir /${reply.shortcut}`}
                  onClick={async () => {
                    const ok = await confirm({
                      variant: 'error',
                      message: `Excluir a resposta /${reply.shortcut}?`,
                      confirmLabel: 'Excluir',
                    });
                    if (ok) remove.mutate(reply.id, { onSuccess: () => toast.success('Resposta excluída') });
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ),
          )}
        </ul>
      </div>
    </Card>
  );
}

function ReplyForm({ reply, onDone }: { reply?: CannedReply; onDone: () => void }) {
  const [shortcut, setShortcut] = useState(reply?.shortcut ?? '');
  const [content, setContent] = useState(reply?.content ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveCannedReply();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cannedReplyInputSchema.safeParse({ shortcut, content });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    save.mutate(
      { ...parsed.data, id: reply?.id },
      {
        onSuccess: () => {
          toast.success(reply ? 'Resposta atualizada' : 'Resposta criada');
          onDone();
        },
        onError: (error) => {
          const fields = serverErrors(error);
          setErrors(Object.keys(fields).length ? fields : { shortcut: error.message });
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="canned-reply-form"
      className="space-y-3 bg-slate-50 px-5 py-4 dark:bg-slate-800/40"
    >
      <TextField
        label="Atalho"
        hint="Letras minúsculas, números e hífen."
        value={shortcut}
        onChange={(v) => setShortcut(v.toLowerCase())}
        error={errors.shortcut}
        maxLength={30}
      />
      <TextAreaField
        label="Texto"
        value={content}
        onChange={setContent}
        error={errors.content}
        maxLength={1000}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" isLoading={save.isPending}>
          Salvar
        </Button>
      </div>
    </form>
  );
}
