import { type AccessControl, accessControlSchema } from '@atende/contracts';
import { ListField, ToggleField } from '@/components/form/fields';
import { serverErrors, useZodForm } from '@/components/form/use-zod-form';
import { useSaveSettings, useSettings } from '../api/settings-api';
import { SettingsCard, SettingsError, SettingsLoading } from './settings-card';

/** /settings/access: what operators may do (`/access-control`). */
export default function AccessControlSettings() {
  const query = useSettings('access-control');
  if (query.isPending) return <SettingsLoading />;
  if (query.isError)
    return <SettingsError message={query.error.message} onRetry={() => void query.refetch()} />;
  return <AccessForm initial={query.data} />;
}

function AccessForm({ initial }: { initial: AccessControl }) {
  const form = useZodForm(accessControlSchema, initial);
  const save = useSaveSettings('access-control');
  const { values, set, errors } = form;
  const submit = () => {
    const parsed = form.validate();
    if (!parsed) return;
    save.mutate(parsed, { onError: (error) => form.setErrors(serverErrors(error)) });
  };
  return (
    <SettingsCard
      title="Controle de acesso"
      description="O que os operadores podem fazer. Administradores podem tudo."
      onSubmit={submit}
      onReset={() => form.setValues(initial)}
      isDirty={form.isDirty}
      isSaving={save.isPending}
      testId="access-settings"
    >
      <ToggleField
        label="Operadores podem assumir conversas"
        description="Tirar uma conversa da IA e responder pessoalmente."
        checked={values.operatorsCanTakeover ?? true}
        onChange={(v) => set('operatorsCanTakeover', v)}
      />
      <ToggleField
        label="Operadores podem editar a base de conhecimento"
        checked={values.operatorsCanEditKnowledgeBase ?? false}
        onChange={(v) => set('operatorsCanEditKnowledgeBase', v)}
      />
      <ToggleField
        label="Operadores veem todas as conversas"
        description="Desligado, cada operador vê apenas as conversas sem responsável e as atribuídas a ele."
        checked={values.operatorsSeeAllConversations ?? true}
        onChange={(v) => set('operatorsSeeAllConversations', v)}
      />
      <ListField
        label="Domínios de e-mail permitidos para novas contas"
        hint="Separados por vírgula. Vazio: qualquer domínio."
        placeholder="loja.com.br, parceiro.com"
        value={values.allowedEmailDomains ?? []}
        onChange={(v) => set('allowedEmailDomains', v)}
        error={
          errors.allowedEmailDomains ??
          Object.entries(errors).find(([k]) => k.startsWith('allowedEmailDomains.'))?.[1]
        }
      />
    </SettingsCard>
  );
}
