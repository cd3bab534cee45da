import {
  type ChannelKindInfo,
  createInboxRequestSchema,
  type Inbox,
  type OperatorAccess,
} from '@atende/contracts';
import { AlertCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { TextField, ToggleField } from '@/components/form/fields';
import { serverErrors } from '@/components/form/use-zod-form';
import { Button, Modal, Skeleton } from '@/components/ui';
import { channelKindLabel } from '@/lib/inbox-connection';
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
import { InboxSettingsFields } from './inbox-settings-fields';

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
  const formId = useId();
  const create = useCreateInbox();
  const update = useUpdateInbox();
  const isSaving = create.isPending || update.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!isSaving) onOpenChange(next);
      }}
      size="lg"
      title={inbox ? `Editar ${inbox.name}` : 'Adicionar caixa de entrada'}
      description={
        inbox
          ? 'Nome, configurações do canal, agente de IA e quem pode ver as conversas.'
          : 'Cada caixa de entrada é um número conectado; as conversas dele ficam nela.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSaving}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} isLoading={isSaving} disabled={!kinds.data}>
            {inbox ? 'Salvar' : 'Adicionar'}
          </Button>
        </>
      }
    >
      {kinds.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-9 w-2/3" />
        </div>
      ) : kinds.isError ? (
        <div className="flex items-center justify-between gap-3">
          <p role="alert" className="text-red-700 dark:text-red-300">
            {kinds.error.message}
          </p>
          <Button variant="secondary" onClick={() => void kinds.refetch()}>
            Tentar novamente
          </Button>
        </div>
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
      )}
    </Modal>
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
  };
  changes: Omit<Submitted['create'], 'kind'>;
}

const nameSchema = createInboxRequestSchema.shape.name;

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
  const [kindId, setKindId] = useState<string | null>(
    () => inbox?.kind ?? kinds.find((k) => k.installed)?.kind ?? null,
  );
  const kind = kinds.find((k) => k.kind === kindId) ?? null;
  const fields = kind?.fields ?? [];
  const [name, setName] = useState(inbox?.name ?? '');
  const [settings, setSettings] = useState<SettingsValues>(() =>
    initialSettingsValues(fields, inbox?.settings),
  );
  const [agentEnabled, setAgentEnabled] = useState(inbox?.agentEnabled ?? true);
  const [access, setAccess] = useState<OperatorAccess>(inbox?.operatorAccess ?? 'all');
  const [memberIds, setMemberIds] = useState<string[]>(() => [...(inbox?.memberIds ?? [])]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const chooseKind = (next: string) => {
    setKindId(next);
    setSettings(initialSettingsValues(kinds.find((k) => k.kind === next)?.fields ?? []));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Record<string, string> = {};
    const parsedName = nameSchema.safeParse(name);
    if (!parsedName.success) found.name = parsedName.error.issues[0]?.message ?? 'Nome inválido';
    if (!kind) found.kind = 'Escolha o tipo de canal';
    for (const [key, message] of Object.entries(validateSettings(fields, settings, inbox?.settings))) {
      found[`settings.${key}`] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !kind) return;
    const changes = {
      name: name.trim(),
      settings: settingsPayload(fields, settings, inbox ? 'edit' : 'create'),
      agentEnabled,
      operatorAccess: access,
      memberIds: access === 'members' ? memberIds : [],
    };
    try {
      await onSubmit({ create: { kind: kind.kind, ...changes }, changes });
    } catch (error) {
      const byField = serverErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) {
        setFailure(error instanceof Error ? error.message : 'Não foi possível salvar');
      }
    }
  };

  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-5" data-testid="inbox-form">
      {failure ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-500/10 dark:text-red-200"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {failure}
        </p>
      ) : null}
      {inbox ? (
        <p className="text-slate-600 dark:text-slate-300">
          Canal: <strong className="font-medium">{kind?.label ?? channelKindLabel(inbox.kind)}</strong>
        </p>
      ) : (
        <div>
          <ChannelKindPicker kinds={kinds} value={kindId} onChange={chooseKind} />
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
        value={name}
        onChange={(value) => {
          setName(value);
          setErrors(({ name: _dropped, ...rest }) => rest);
        }}
        error={errors.name}
      />
      <InboxSettingsFields
        fields={fields}
        values={settings}
        stored={inbox?.settings}
        errors={Object.fromEntries(
          Object.entries(errors).flatMap(([key, message]) =>
            key.startsWith('settings.') ? [[key.slice('settings.'.length), message]] : [],
          ),
        )}
        onChange={(key, value) => {
          setSettings((current) => ({ ...current, [key]: value }));
          setErrors(({ [`settings.${key}`]: _dropped, ...rest }) => rest);
        }}
      />
      <ToggleField
        label="Agente de IA"
        description="Responde as mensagens que chegam a este número e passa para a equipe quando precisa."
        checked={agentEnabled}
        onChange={setAgentEnabled}
      />
      <InboxAccessFields
        access={access}
        memberIds={memberIds}
        onAccessChange={setAccess}
        onMembersChange={setMemberIds}
      />
      {errors.memberIds ? (
        <p role="alert" className="text-red-600 text-xs dark:text-red-400">
          {errors.memberIds}
        </p>
      ) : null}
    </form>
  );
}
