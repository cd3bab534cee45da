import {
  type ChannelKindInfo,
  createInboxRequestSchema,
  type Inbox,
  type OperatorAccess,
} from '@atende/contracts';
import { useState } from 'react';
import { channelKindLabel } from '@/channels/registry';
import { TextField, ToggleField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { FormFailure } from '@/components/form/form-failure';
import { useZodForm } from '@/components/form/use-zod-form';
import { Skeleton } from '@/components/ui';
import { useCreateInbox } from '../api/create-inbox';
import { useInboxKinds } from '../api/get-inbox-kinds';
import { useUpdateInbox } from '../api/update-inbox';
import {
  initialSettingsValues,
  type SettingsValues,
  settingsPayload,
  validateSettings,
} from '../lib/settings-form';
import { ChannelKindPicker } from './channel-kind-picker';
import { InboxAccessFields } from './inbox-access-fields';
import { InboxAssignmentFields } from './inbox-assignment-fields';
import { InboxSettingsFields } from './inbox-settings-fields';
import { LoadFailure } from './load-failure';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The inbox being edited; none to add one. */
  inbox?: Inbox;
  /** A new inbox was added (the card opens its pairing next). */
  onCreated?: (inbox: Inbox, kind: ChannelKindInfo) => void;
}

/** Adds an inbox (kind, name, the kind's settings, agent, access) or edits one. */
export function InboxFormDialog({ open, onOpenChange, inbox, onCreated }: Props) {
  const kinds = useInboxKinds({ enabled: open });
  const create = useCreateInbox();
  const update = useUpdateInbox();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      isSaving={create.isPending || update.isPending}
      title={inbox ? `Editar ${inbox.name}` : 'Adicionar caixa de entrada'}
      description={
        inbox
          ? 'Nome, configurações do canal, agente de IA e quem pode ver as conversas.'
          : 'Cada caixa de entrada é um número conectado; as conversas dele ficam nela.'
      }
      submitLabel={inbox ? 'Salvar' : 'Adicionar'}
      submitDisabled={!kinds.data}
    >
      {(formId) =>
        kinds.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-9 w-2/3" />
          </div>
        ) : kinds.isError ? (
          <LoadFailure onRetry={() => void kinds.refetch()}>{kinds.error.message}</LoadFailure>
        ) : (
          <InboxForm
            formId={formId}
            kinds={kinds.data}
            inbox={inbox}
            onSubmit={async (values) => {
              if (inbox) {
                await update.mutateAsync({ id: inbox.id, changes: values.changes });
                onOpenChange(false);
              } else {
                const created = await create.mutateAsync(values.create);
                onOpenChange(false);
                const kind = kinds.data.find((k) => k.kind === created.kind);
                if (kind) onCreated?.(created, kind);
              }
            }}
          />
        )
      }
    </FormDialog>
  );
}

interface Submitted {
  create: {
    kind: string;
    name: string;
    settings: Record<string, string | number>;
    agentEnabled: boolean;
    operatorAccess: OperatorAccess;
    memberIds: string[];
    autoAssign: boolean;
    assignCapacity: number;
  };
  changes: Omit<Submitted['create'], 'kind'>;
}

interface InboxFormValues {
  kind: string | null;
  name: string;
  settings: SettingsValues;
  agentEnabled: boolean;
  operatorAccess: OperatorAccess;
  memberIds: string[];
  autoAssign: boolean;
  assignCapacity: number;
}

const formSchema = createInboxRequestSchema.pick({ name: true, assignCapacity: true });

function InboxForm({
  formId,
  kinds,
  inbox,
  onSubmit,
}: {
  formId: string;
  kinds: ChannelKindInfo[];
  inbox?: Inbox;
  onSubmit: (values: Submitted) => Promise<void>;
}) {
  const kindOf = (id: string | null) => kinds.find((k) => k.kind === id);
  const [initial] = useState((): InboxFormValues => {
    const kind = inbox?.kind ?? kinds.find((k) => k.installed)?.kind ?? null;
    return {
      kind,
      name: inbox?.name ?? '',
      settings: initialSettingsValues(kindOf(kind)?.fields ?? [], inbox?.settings),
      agentEnabled: inbox?.agentEnabled ?? true,
      operatorAccess: inbox?.operatorAccess ?? 'all',
      memberIds: [...(inbox?.memberIds ?? [])],
      autoAssign: inbox?.autoAssign ?? false,
      assignCapacity: inbox?.assignCapacity ?? 10,
    };
  });
  const form = useZodForm(formSchema, initial, {
    toInput: (values) => ({ name: values.name, assignCapacity: values.assignCapacity }),
    // The kind and its settings, whose fields the server describes, are checked here.
    check: (values) => ({
      ...(kindOf(values.kind) ? {} : { kind: 'Escolha o tipo de canal' }),
      ...Object.fromEntries(
        Object.entries(
          validateSettings(kindOf(values.kind)?.fields ?? [], values.settings, inbox?.settings),
        ).map(([key, message]) => [`settings.${key}`, message]),
      ),
    }),
  });
  const { values, set, errors } = form;
  const kind = kindOf(values.kind) ?? null;
  const fields = kind?.fields ?? [];

  const chooseKind = (next: string) => {
    form.setValues((current) => ({
      ...current,
      kind: next,
      settings: initialSettingsValues(kindOf(next)?.fields ?? []),
    }));
    form.setErrors({});
  };

  const submit = form.handleSubmit(async ({ name, assignCapacity }) => {
    if (!kind) return;
    const changes = {
      name,
      settings: settingsPayload(fields, values.settings, inbox ? 'edit' : 'create'),
      agentEnabled: values.agentEnabled,
      operatorAccess: values.operatorAccess,
      memberIds: values.operatorAccess === 'members' ? values.memberIds : [],
      autoAssign: values.autoAssign,
      assignCapacity,
    };
    await onSubmit({ create: { kind: kind.kind, ...changes }, changes });
  });

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-5" data-testid="inbox-form">
      <FormFailure message={form.failure} />
      {inbox ? (
        <p className="text-slate-600 dark:text-slate-300">
          Canal: <strong className="font-medium">{kind?.label ?? channelKindLabel(inbox.kind)}</strong>
        </p>
      ) : (
        <div>
          <ChannelKindPicker kinds={kinds} value={values.kind} onChange={chooseKind} />
          {errors.kind ? (
            <p role="alert" className="mt-1 text-red-600 text-xs dark:text-red-400">
              {errors.kind}
            </p>
          ) : null}
        </div>
      )}
      <TextField
        label="Nome"
        hint="Aparece nas conversas e no filtro da lista, por exemplo Vendas ou Suporte."
        placeholder="Ex.: Vendas"
        maxLength={60}
        value={values.name}
        onChange={(value) => set('name', value)}
        error={errors.name}
      />
      <InboxSettingsFields
        fields={fields}
        values={values.settings}
        stored={inbox?.settings}
        errors={Object.fromEntries(
          Object.entries(errors).flatMap(([key, message]) =>
            key.startsWith('settings.') ? [[key.slice('settings.'.length), message]] : [],
          ),
        )}
        onChange={(key, value) => {
          form.setValues((current) => ({ ...current, settings: { ...current.settings, [key]: value } }));
          form.clearErrors(`settings.${key}`);
        }}
      />
      <ToggleField
        label="Agente de IA"
        description="Responde as mensagens que chegam a este número e passa para a equipe quando precisa."
        checked={values.agentEnabled}
        onChange={(agentEnabled) => set('agentEnabled', agentEnabled)}
      />
      <InboxAssignmentFields
        autoAssign={values.autoAssign}
        capacity={values.assignCapacity}
        error={errors.assignCapacity}
        onAutoAssignChange={(autoAssign) => set('autoAssign', autoAssign)}
        onCapacityChange={(capacity) => set('assignCapacity', capacity)}
      />
      <InboxAccessFields
        access={values.operatorAccess}
        memberIds={values.memberIds}
        onAccessChange={(access) => set('operatorAccess', access)}
        onMembersChange={(memberIds) => set('memberIds', memberIds)}
      />
      {errors.memberIds ? (
        <p role="alert" className="text-red-600 text-xs dark:text-red-400">
          {errors.memberIds}
        </p>
      ) : null}
    </form>
  );
}
