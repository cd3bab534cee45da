import {
  createWebhookEndpointRequestSchema,
  type DomainEventType,
  type WebhookEndpoint,
} from '@atende/contracts';
import { AlertCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { CheckboxGroup } from '@/components/form/checkbox-group';
import { TextField } from '@/components/form/fields';
import { type FieldErrors, issuesToErrors, serverErrors } from '@/components/form/use-zod-form';
import { Button, Modal } from '@/components/ui';
import { type EndpointWithSecret, useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { EVENT_OPTIONS } from '../lib/event-options';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The endpoint being edited; none to add one. */
  endpoint?: WebhookEndpoint;
  /** A new endpoint was added: its secret is in this answer only. */
  onCreated?: (created: EndpointWithSecret) => void;
}

/** Adds an outbound webhook (URL, description, events) or edits one. */
export function WebhookFormDialog({ open, onOpenChange, endpoint, onCreated }: Props) {
  const formId = useId();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const isSaving = create.isPending || update.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!isSaving) onOpenChange(next);
      }}
      size="lg"
      title={endpoint ? 'Editar webhook' : 'Adicionar webhook'}
      description={
        endpoint
          ? 'O endereço e os eventos; o segredo continua o mesmo.'
          : 'O Atende envia um POST assinado para esta URL a cada evento escolhido.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSaving}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} isLoading={isSaving}>
            {endpoint ? 'Salvar' : 'Adicionar'}
          </Button>
        </>
      }
    >
      {/* Keyed so that reopening starts from the endpoint as it is now. */}
      {open ? (
        <WebhookForm
          key={endpoint?.id ?? 'new'}
          formId={formId}
          endpoint={endpoint}
          onSubmit={async (values) => {
            if (endpoint) {
              await update.mutateAsync({ id: endpoint.id, changes: values });
              onOpenChange(false);
            } else {
              const created = await create.mutateAsync(values);
              onOpenChange(false);
              onCreated?.(created);
            }
          }}
        />
      ) : null}
    </Modal>
  );
}

interface Values {
  url: string;
  description: string;
  events: DomainEventType[];
}

function WebhookForm({
  formId,
  endpoint,
  onSubmit,
}: {
  formId: string;
  endpoint?: WebhookEndpoint;
  onSubmit: (values: Values) => Promise<void>;
}) {
  const [values, setValues] = useState<Values>(() => ({
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    // A new endpoint starts with what most receivers want: the conversation's messages.
    events: endpoint ? [...endpoint.events] : ['message.received', 'message.sent'],
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = createWebhookEndpointRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error));
      return;
    }
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const byField = serverErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) {
        setFailure(error instanceof Error ? error.message : 'Não foi possível salvar');
      }
    }
  };

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-5" data-testid="webhook-form">
      {failure ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-500/10 dark:text-red-200"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {failure}
        </p>
      ) : null}
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://seu-n8n.com.br/webhook/atende"
        hint="Um endereço http:// ou https:// que responda 2xx em até 10 s."
        maxLength={2000}
        value={values.url}
        onChange={(value) => set('url', value.trim())}
        error={errors.url}
      />
      <TextField
        label="Descrição (opcional)"
        placeholder="Ex.: n8n — pedidos da loja"
        maxLength={200}
        value={values.description}
        onChange={(value) => set('description', value)}
        error={errors.description}
      />
      <CheckboxGroup
        legend="Eventos"
        hint="Cada evento escolhido gera um POST com o tipo no campo type."
        options={EVENT_OPTIONS}
        value={values.events}
        onChange={(events) => set('events', events)}
        error={errors.events}
        selectAll
      />
    </form>
  );
}
