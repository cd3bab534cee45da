import type { KnowledgeGap } from '@atende/contracts';
import { useId } from 'react';
import { z } from 'zod';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button, Modal } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useResolveKnowledgeGap } from '../api/resolve-knowledge-gap';

const QUESTION_MIN = 3;
const QUESTION_MAX = 500;
const ANSWER_MAX = 5000;

const fieldClass =
  'w-full rounded-lg border bg-white px-3 py-2 text-slate-900 text-sm shadow-xs placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500';
const okBorder = 'border-slate-300 dark:border-slate-700';
const errorBorder = 'border-red-500 dark:border-red-500';

/** The entry as the knowledge base takes it, with the form's own wording for each limit. */
export const gapEntrySchema = z.object({
  question: z
    .string()
    .trim()
    .min(QUESTION_MIN, 'A pergunta precisa ter pelo menos 3 caracteres')
    .max(QUESTION_MAX, 'A pergunta pode ter no máximo 500 caracteres'),
  answer: z
    .string()
    .trim()
    .min(1, 'Resposta obrigatória')
    .max(ANSWER_MAX, `A resposta pode ter no máximo ${formatNumber(ANSWER_MAX)} caracteres`),
});

/** Turns a gap into a knowledge-base entry: the question (editable) and the answer, prefilled with the operator's reply. */
export function ResolveGapModal({ gap, onClose }: { gap: KnowledgeGap | null; onClose: () => void }) {
  return (
    <Modal
      open={gap !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Adicionar à base de conhecimento"
      description="A IA passa a usar esta resposta assim que ela for salva."
      size="lg"
    >
      {/* Keyed by gap: each opening starts from that gap's question and suggested answer. */}
      {gap && <ResolveGapForm key={gap.id} gap={gap} onDone={onClose} />}
    </Modal>
  );
}

function ResolveGapForm({ gap, onDone }: { gap: KnowledgeGap; onDone: () => void }) {
  const id = useId();
  const resolve = useResolveKnowledgeGap();
  // After the first try, each field's error follows what is typed.
  const form = useZodForm(
    gapEntrySchema,
    { question: gap.question, answer: gap.suggestedAnswer ?? '' },
    { revalidate: true },
  );
  const { values, errors } = form;
  const onSubmit = form.handleSubmit(async (input) => {
    await resolve.mutateAsync({ id: gap.id, input });
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="space-y-1.5">
        <label
          htmlFor={`${id}-question`}
          className="block font-medium text-slate-900 text-sm dark:text-slate-100"
        >
          Pergunta
        </label>
        <input
          id={`${id}-question`}
          value={values.question}
          onChange={(e) => form.set('question', e.target.value)}
          maxLength={QUESTION_MAX + 50}
          aria-invalid={errors.question ? true : undefined}
          aria-describedby={`${id}-question-hint`}
          className={cn(fieldClass, 'h-10', errors.question ? errorBorder : okBorder)}
        />
        <p
          id={`${id}-question-hint`}
          className={cn(
            'text-xs',
            errors.question ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400',
          )}
        >
          {errors.question ?? 'Vira o título da seção na base. Escreva como um cliente perguntaria.'}
        </p>
      </div>

      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label
            htmlFor={`${id}-answer`}
            className="block font-medium text-slate-900 text-sm dark:text-slate-100"
          >
            Resposta
          </label>
          <span className="text-slate-500 text-xs tabular-nums dark:text-slate-400">
            {formatNumber(values.answer.trim().length)} / {formatNumber(ANSWER_MAX)}
          </span>
        </div>
        <textarea
          id={`${id}-answer`}
          value={values.answer}
          onChange={(e) => form.set('answer', e.target.value)}
          rows={6}
          required
          aria-invalid={errors.answer ? true : undefined}
          aria-describedby={`${id}-answer-hint`}
          placeholder="Escreva a resposta que a IA deve dar a esta pergunta"
          className={cn(fieldClass, 'resize-y leading-6', errors.answer ? errorBorder : okBorder)}
        />
        <p
          id={`${id}-answer-hint`}
          className={cn(
            'text-xs',
            errors.answer ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400',
          )}
        >
          {errors.answer ??
            (gap.suggestedAnswer
              ? 'Preenchida com a resposta real do atendente nesta conversa. Revise antes de salvar.'
              : 'Nenhum atendente respondeu a esta pergunta ainda.')}
        </p>
      </div>

      <div className="flex flex-col-reverse gap-2 border-slate-200 border-t pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <Button variant="secondary" onClick={onDone} disabled={resolve.isPending}>
          Cancelar
        </Button>
        <Button type="submit" isLoading={resolve.isPending}>
          Adicionar à base
        </Button>
      </div>
    </form>
  );
}
