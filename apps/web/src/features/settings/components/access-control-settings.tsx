import { type AccessControl, accessControlSchema } from '@atende/contracts';
import { ListField, ToggleField } from '@/components/form/fields';
import { useSettingsForm } from '../hooks/use-settings-form';
import { SettingsCard } from './settings-card';
import { SettingsLoader } from './settings-loader';

/** /settings/access: what operators may do (`/access-control`). */
export default function AccessControlSettings() {
  return (
    <SettingsLoader settingsKey="access-control">{(view) => <AccessForm initial={view} />}</SettingsLoader>
  );
}

function AccessForm({ initial }: { initial: AccessControl }) {
  const form = useSettingsForm('access-control', accessControlSchema, initial);
  const { values, set, errors } = form;
  return (
    <SettingsCard
      title="Controle de acesso"
      description="O que os operadores podem fazer. Administradores podem tudo."
      {...form.card}
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
