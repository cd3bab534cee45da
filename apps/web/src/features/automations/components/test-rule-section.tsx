import type { AutomationRuleInput } from '@atende/contracts';
import { CheckCircle2, FlaskConical, Search, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { inputClass } from '@/components/form/fields';
import { Button, Skeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useTestConversations } from '../api/search-test-conversations';
import { useTestAutomationRule } from '../api/test-automation-rule';

/**
 * "Testar": the rule (as it is in the editor, saved or not) against a past conversation — which
 * conditions hold and what it would do. The server only evaluates; nothing is sent or changed.
 */
export function TestRuleSection({ getRule }: { getRule: () => AutomationRuleInput | null }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [conversationId, setConversationId] = useState<string | null>(null);
  const debounced = useDebouncedValue(search, 300);
  const conversations = useTestConversations(debounced, true);
  const test = useTestAutomationRule();
  const result = test.data;
  const resultRef = useRef<HTMLDivElement>(null);
  // The verdict lands under the list: brought into view so the click is answered where it is seen.
  useEffect(() => {
    if (result) resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [result]);

  const run = () => {
    const rule = getRule();
    if (!rule || !conversationId) return;
    test.mutate({ rule, conversationId });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid="rule-test">
      <div>
        <h3
          id={`${id}-title`}
          className="flex items-center gap-2 font-semibold text-slate-900 text-sm dark:text-slate-100"
        >
          <FlaskConical aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-300" />
          Testar com uma conversa
        </h3>
        <p className="mt-0.5 text-slate-500 text-xs dark:text-slate-400">
          Veja quais condições valem e o que a regra faria. Nada é enviado nem alterado.
        </p>
      </div>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label="Buscar conversa para testar"
          placeholder="Buscar por cliente ou mensagem"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={cn(inputClass, 'pl-9')}
        />
      </div>
      {conversations.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : conversations.isError ? (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          Erro ao carregar conversas: {conversations.error.message}
        </p>
      ) : conversations.data.length === 0 ? (
        <p className="text-slate-500 text-sm dark:text-slate-400">
          {debounced ? 'Nenhuma conversa encontrada.' : 'Ainda não há conversas para testar.'}
        </p>
      ) : (
        <fieldset className="min-w-0">
          <legend className="sr-only">Conversa</legend>
          <div className="max-h-56 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
            {conversations.data.map((c) => (
              <label
                key={c.id}
                className={cn(
                  'flex cursor-pointer items-start gap-2.5 px-3 py-2 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500',
                  conversationId === c.id
                    ? 'bg-indigo-50 dark:bg-indigo-500/10'
                    : 'hover:bg-slate-50 dark:hover:bg-slate-800/60',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-conversation`}
                  value={c.id}
                  checked={conversationId === c.id}
                  onChange={() => setConversationId(c.id)}
                  className="mt-1 size-4 shrink-0 accent-indigo-600"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-medium text-slate-900 text-sm dark:text-slate-100">
                      {c.clientName ?? `Cliente ${c.clientId}`}
                    </span>
                    <span className="shrink-0 text-slate-500 text-xs dark:text-slate-400">
                      {c.lastMessageTime ? formatRelativeTime(c.lastMessageTime) : ''}
                    </span>
                  </span>
                  <span className="block truncate text-slate-500 text-xs dark:text-slate-400">
                    {c.lastMessage || 'Nenhuma mensagem'}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <Button
        variant="secondary"
        onClick={run}
        isLoading={test.isPending}
        disabled={!conversationId}
        data-testid="run-rule-test"
      >
        <FlaskConical aria-hidden="true" className="size-4" />
        Testar
      </Button>
      {test.isError ? (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          Não foi possível testar: {test.error.message}
        </p>
      ) : null}
      {result ? (
        <div
          ref={resultRef}
          aria-live="polite"
          data-testid="rule-test-result"
          className="space-y-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60"
        >
          {result.conditions.length > 0 ? (
            <ul aria-label="Condições" className="space-y-1">
              {result.conditions.map((condition, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the server's lines, in order
                <li key={i} className="flex items-start gap-2 text-sm">
                  {condition.matched ? (
                    <CheckCircle2
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                    />
                  ) : (
                    <XCircle
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400"
                    />
                  )}
                  <span className="text-slate-700 dark:text-slate-200">
                    {condition.label}
                    <span className="sr-only">{condition.matched ? ': vale' : ': não vale'}</span>
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {result.matched ? (
            <div>
              <p className="font-medium text-emerald-800 text-sm dark:text-emerald-300">
                A regra agiria nesta conversa. Faria, nesta ordem:
              </p>
              <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-slate-700 text-sm dark:text-slate-200">
                {result.actions.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the server's lines, in order
                  <li key={i}>{line}</li>
                ))}
              </ol>
            </div>
          ) : (
            <p className="font-medium text-slate-700 text-sm dark:text-slate-200">
              A regra não agiria nesta conversa: nem todas as condições valem.
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
