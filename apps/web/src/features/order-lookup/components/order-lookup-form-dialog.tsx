import {
  ORDER_LOOKUP_URL_PLACEHOLDERS,
  type OrderLookupInput,
  type OrderLookupView,
  orderLookupInputSchema,
} from '@atende/contracts';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Field, inputClass, TextAreaField, ToggleField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFailure } from '@/components/form/form-failure';
import { useZodForm } from '@/components/form/use-zod-form';
import { toast } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useSaveOrderLookup } from '../api/save-order-lookup';
import { formValuesFrom, lookupForm, templateFields } from '../lib/lookup-form';
import { LookupHeaderFields } from './lookup-header-fields';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  view: OrderLookupView;
}

/** The lookup's whole configuration: on/off, the store's URL, its headers and the reply template. */
export function OrderLookupFormDialog({ open, onOpenChange, view }: Props) {
  const save = useSaveOrderLookup();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      isSaving={save.isPending}
      title="Configurar consulta de pedidos"
      description="Uma consulta GET à API da sua loja; a resposta JSON preenche a mensagem do agente."
      submitLabel="Salvar"
    >
      {(formId) => (
        <LookupForm
          formId={formId}
          view={view}
          onSubmit={async (input) => {
            await save.mutateAsync(input);
            toast.success('Consulta de pedidos salva');
            onOpenChange(false);
          }}
        />
      )}
    </FormDialog>
  );
}

const code =
  'rounded bg-slate-100 px-1 py-px font-mono text-[0.85em] text-slate-800 dark:bg-slate-800 dark:text-slate-200';

function LookupForm({
  formId,
  view,
  onSubmit,
}: {
  formId: string;
  view: OrderLookupView;
  onSubmit: (input: OrderLookupInput) => Promise<void>;
}) {
  const [initial] = useState(() => formValuesFrom(view));
  const form = useZodForm(orderLookupInputSchema, initial, lookupForm);
  const { values, set, errors } = form;
  const url = useRef<HTMLInputElement>(null);

  // The placeholder goes where the caret is, as if typed.
  const insertPlaceholder = (placeholder: string) => {
    const input = url.current;
    const start = input?.selectionStart ?? values.urlTemplate.length;
    const end = input?.selectionEnd ?? start;
    const next = values.urlTemplate.slice(0, start) + placeholder + values.urlTemplate.slice(end);
    // Rendered at once, so the caret lands after the placeholder before anything else is typed.
    flushSync(() => set('urlTemplate', next));
    input?.focus();
    input?.setSelectionRange(start + placeholder.length, start + placeholder.length);
  };

  const fields = templateFields(values.replyTemplate);

  return (
    <form
      id={formId}
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="space-y-5"
      data-testid="order-lookup-form"
    >
      <FormFailure message={form.failure} />
      <ToggleField
        label="Consulta ligada"
        description="O agente consulta a loja quando o cliente pergunta de um pedido."
        checked={values.enabled}
        onChange={(enabled) => set('enabled', enabled)}
      />
      <Field
        label="URL da consulta"
        error={errors.urlTemplate}
        hint={
          <>
            <code className={code}>{'{telefone}'}</code> é o telefone do cliente;{' '}
            <code className={code}>{'{pedido}'}</code> o número tirado da mensagem (sem ele, a conversa vai
            para a equipe). Tempo máximo: 3 s.
          </>
        }
      >
        {(a11y) => (
          <div className="space-y-2">
            <input
              {...a11y}
              ref={url}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={2000}
              placeholder="https://sualoja.com.br/api/pedidos/{pedido}"
              value={values.urlTemplate}
              onChange={(event) => set('urlTemplate', event.target.value.trim())}
              className={cn(inputClass, 'font-mono')}
            />
            <div className="flex flex-wrap items-center gap-1.5">
              <span className="text-slate-500 text-xs dark:text-slate-400">Inserir:</span>
              {ORDER_LOOKUP_URL_PLACEHOLDERS.map((placeholder) => (
                <button
                  key={placeholder}
                  type="button"
                  onClick={() => insertPlaceholder(placeholder)}
                  className="rounded-md border border-slate-300 px-2 py-0.5 font-mono text-slate-700 text-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  {placeholder}
                </button>
              ))}
            </div>
          </div>
        )}
      </Field>
      <LookupHeaderFields
        headers={values.headers}
        onChange={(headers) => set('headers', headers)}
        errors={errors}
      />
      <div>
        <TextAreaField
          label="Modelo de resposta"
          rows={3}
          maxLength={1000}
          placeholder="O pedido {{numero}} está {{status}}. Rastreio: {{entrega.codigo}}."
          hint={
            <>
              Os campos da resposta JSON entram entre chaves duplas, com pontos para descer:{' '}
              <code className={code}>{'{{status}}'}</code>,{' '}
              <code className={code}>{'{{entrega.codigo}}'}</code>. Se faltar algum, a conversa vai para a
              equipe.
            </>
          }
          value={values.replyTemplate}
          onChange={(value) => set('replyTemplate', value)}
          error={errors.replyTemplate}
        />
        {fields.length > 0 ? (
          <p className="mt-2 flex flex-wrap items-center gap-1.5 text-slate-500 text-xs dark:text-slate-400">
            Campos usados:
            {fields.map((field) => (
              <span
                key={field}
                className="rounded bg-indigo-50 px-1.5 py-px font-mono text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200"
              >
                {field}
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </form>
  );
}
