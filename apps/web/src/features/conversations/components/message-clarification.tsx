import type { Message } from '@atende/contracts';
import { CircleHelp } from 'lucide-react';
import { cn } from '@/lib/cn';
import { PICKED_BY_LABELS } from '../lib/clarification-links';
import { confidencePercent } from '../lib/message-text';

interface Props {
  message: Message;
  /** The other half: the answer to this question, or the question this answer followed. */
  linked?: Message | undefined;
}

/**
 * A clarifying question of the agent shown as such: the topics offered with the agent's confidence in
 * each, and the one the customer picked (and how) once the agent answered; on that answer, what the
 * customer picked.
 */
export function MessageClarification({ message, linked }: Props) {
  const c = message.clarification;
  if (!c) return null;
  if (c.kind === 'question') {
    const answer = linked?.clarification?.kind === 'resolution' ? linked.clarification : null;
    return (
      <div data-testid="message-clarification" className="mt-2 border-current/15 border-t pt-2 text-xs">
        <p className="flex items-center gap-1 font-semibold">
          <CircleHelp aria-hidden="true" className="size-3.5" />
          Pergunta de esclarecimento
        </p>
        <ol className="mt-1.5 flex flex-col gap-1">
          {c.options.map((option, i) => {
            const picked = answer?.optionId === option.id;
            return (
              <li
                key={option.id}
                data-picked={picked || undefined}
                className={cn(
                  'flex items-baseline justify-between gap-2 rounded-md px-2 py-1',
                  picked ? 'bg-white/25 font-semibold ring-1 ring-current/40' : 'bg-black/5 dark:bg-white/5',
                )}
              >
                <span className="min-w-0 break-words">
                  {i + 1}. {option.title}
                  {picked && answer?.pickedBy && (
                    <span className="font-normal"> · escolhida {PICKED_BY_LABELS[answer.pickedBy]}</span>
                  )}
                </span>
                <span className="shrink-0 tabular-nums opacity-75" title="Confiança da IA neste assunto">
                  {option.confidence === null ? '—' : confidencePercent(option.confidence)}
                </span>
              </li>
            );
          })}
        </ol>
        <p className="mt-1.5 opacity-85">
          {!answer
            ? 'Aguardando a escolha do cliente.'
            : answer.outcome === 'answered'
              ? 'Respondida com o assunto escolhido.'
              : answer.outcome === 'person'
                ? 'O cliente pediu um atendente.'
                : 'A resposta do cliente não indicou um assunto: transferida para a equipe.'}
        </p>
      </div>
    );
  }
  const question = linked?.clarification?.kind === 'question' ? linked.clarification : null;
  const option = question?.options.find((o) => o.id === c.optionId);
  return (
    <p
      data-testid="message-clarification"
      className="mt-2 flex items-start gap-1 border-current/15 border-t pt-2 text-xs opacity-90"
    >
      <CircleHelp aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        {c.outcome === 'answered'
          ? `Após esclarecimento: o cliente escolheu ${option ? `“${option.title}”` : 'um assunto'}${c.pickedBy ? ` ${PICKED_BY_LABELS[c.pickedBy]}` : ''}.`
          : c.outcome === 'person'
            ? 'Após esclarecimento: o cliente pediu um atendente.'
            : 'Após esclarecimento: a resposta do cliente não indicou um assunto.'}
      </span>
    </p>
  );
}
