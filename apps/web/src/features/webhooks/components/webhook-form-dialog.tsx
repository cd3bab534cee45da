import {
  type CreateWebhookEndpointRequest,
  createWebhookEndpointRequestSchema,
  type DomainEventType,
  type WebhookEndpoint,
} from '@atende/contracts';
import { useState } from 'react';
import { CheckboxGroup } from '@/components/form/checkbox-group';
import { TextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFailure } from '@/components/form/form-failure';
import { useZodForm } from '@/components/form/use-zod-form';
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
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      isSaving={create.isPending || update.isPending}
      title={endpoint ? 'Editar webhook' : 'Adicionar webhook'}
      description={
        endpoint
          ? 'O endereço e os eventos; o segredo continua o mesmo.'
          : 'O Atende envia um POST assinado para esta URL a cada evento escolhido.'
      }
      submitLabel={endpoint ? 'Salvar' : 'Adicionar'}
    >
      {(formId) => (
        // Keyed so that reopening starts from the endpoint as it is now.
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
      )}
    </FormDialog>
  );
}

function WebhookForm({
  formId,
  endpoint,
  onSubmit,
}: {
  formId: string;
  endpoint?: WebhookEndpoint;
  onSubmit: (values: CreateWebhookEndpointRequest) => Promise<void>;
}) {
  const [initial] = useState(() => ({
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    // A new endpoint starts with what most receivers want: the conversation's messages.
    events: endpoint ? [...endpoint.events] : (['message.received', 'message.sent'] as DomainEventType[]),
  }));
  const form = useZodForm(createWebhookEndpointRequestSchema, initial);
  const { values, set, errors } = form;

  return (
    <form
      id={formId}
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="space-y-5"
      data-testid="webhook-form"
    >
      <FormFailure message={form.failure} />
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
        value={values.description ?? ''}
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
