import { type AutomationAction, CONVERSATION_PRIORITIES, type ConversationPriority } from '@atende/contracts';
import { CheckboxGroup } from '@/components/form/checkbox-group';
import { SelectField, TextAreaField, TextField } from '@/components/form/fields';
import type { RuleCatalog } from '../hooks/use-rule-catalog';
import { formatMinutes } from '../lib/rule-sentence';
import { type ErrorOf, firstItemError } from './condition-fields';
import { MissingOptions } from './missing-options';
import { TemplateFields } from './template-fields';
import { VariableChips } from './variable-chips';

const AVAILABILITY = { online: 'online', away: 'ausente', busy: 'ocupado', offline: 'offline' } as const;

const SNOOZE_PRESETS = [15, 30, 60, 120, 240, 480, 1440, 2880, 4320, 10080];

interface Props {
  action: AutomationAction;
  onChange: (next: AutomationAction) => void;
  error: ErrorOf;
  catalog: RuleCatalog;
  /** The inbox whose Cloud API templates to offer (the rule's first inbox condition), if any. */
  templateInboxId?: string;
}

/** The fields of one action, by its kind (nothing for those that need none). */
export function ActionFields({ action, onChange, error, catalog, templateInboxId }: Props) {
  const people = catalog.members.map((m) => ({
    value: m.id,
    label: `${m.name} (${AVAILABILITY[m.availability]})`,
  }));
  switch (action.type) {
    case 'assign_person':
      return (
        <SelectField
          label="Pessoa"
          value={action.userId}
          placeholder="Escolha uma pessoa"
          onChange={(userId) => onChange({ ...action, userId })}
          options={people}
          error={error('userId')}
        />
      );
    case 'assign_round_robin':
      return (
        <CheckboxGroup
          legend="Entre estas pessoas"
          hint="Vai para quem estiver disponível e com menos conversas abertas."
          options={catalog.members.map((m) => ({ value: m.id, label: m.name }))}
          value={action.userIds}
          onChange={(userIds) => onChange({ ...action, userIds })}
          error={error('userIds') ?? firstItemError(error, 'userIds', action.userIds.length)}
          selectAll
        />
      );
    case 'add_label':
    case 'remove_label':
      return catalog.labels.length === 0 ? (
        <MissingOptions what="etiqueta" to="/settings/labels" place="Configurações › Etiquetas" />
      ) : (
        <SelectField
          label="Etiqueta"
          value={action.labelId}
          placeholder="Escolha uma etiqueta"
          onChange={(labelId) => onChange({ ...action, labelId })}
          options={catalog.labels.map((l) => ({ value: l.id, label: l.name }))}
          error={error('labelId')}
        />
      );
    case 'send_message':
      return (
        <div>
          <TextAreaField
            label="Mensagem"
            hint="Sai pelo número da conversa, dentro da janela de 24 horas do WhatsApp, e nunca enquanto uma pessoa atende."
            value={action.text}
            onChange={(text) => onChange({ ...action, text })}
            error={error('text')}
            maxLength={4096}
          />
          <VariableChips onInsert={(token) => onChange({ ...action, text: `${action.text}${token}` })} />
        </div>
      );
    case 'send_canned_reply':
      return catalog.cannedReplies.length === 0 ? (
        <MissingOptions
          what="resposta rápida"
          to="/settings/canned-replies"
          place="Configurações › Respostas rápidas"
        />
      ) : (
        <SelectField
          label="Resposta rápida"
          value={action.cannedReplyId}
          placeholder="Escolha uma resposta"
          onChange={(cannedReplyId) => onChange({ ...action, cannedReplyId })}
          options={catalog.cannedReplies.map((r) => ({
            value: r.id,
            label: `/${r.shortcut} — ${r.content.length > 50 ? `${r.content.slice(0, 49)}…` : r.content}`,
          }))}
          error={error('cannedReplyId')}
        />
      );
    case 'send_inbox_message':
      return (
        <SelectField
          label="Mensagem"
          hint="O texto de cada caixa de entrada, em Integrações › a caixa › Horário de atendimento. Vazio, nada é enviado."
          value={action.message}
          onChange={(message) => onChange({ ...action, message })}
          options={[
            { value: 'greeting', label: 'Saudação' },
            { value: 'out_of_office', label: 'Mensagem fora do horário' },
          ]}
        />
      );
    case 'send_template':
      return <TemplateFields action={action} onChange={onChange} error={error} inboxId={templateInboxId} />;
    case 'add_note':
      return (
        <TextAreaField
          label="Nota privada"
          hint="Só a equipe vê."
          value={action.text}
          onChange={(text) => onChange({ ...action, text })}
          error={error('text')}
          maxLength={4096}
        />
      );
    case 'snooze': {
      const presets = SNOOZE_PRESETS.includes(action.minutes)
        ? SNOOZE_PRESETS
        : [...SNOOZE_PRESETS, action.minutes].sort((a, b) => a - b);
      return (
        <SelectField
          label="Adiar por"
          hint="A conversa volta para a lista quando o tempo passar ou o cliente escrever."
          className="sm:max-w-xs"
          value={String(action.minutes)}
          onChange={(v) => onChange({ ...action, minutes: Number(v) })}
          options={presets.map((m) => ({ value: String(m), label: formatMinutes(m) }))}
          error={error('minutes')}
        />
      );
    }
    case 'set_priority':
      return (
        <SelectField
          label="Prioridade"
          hint="A prioridade aparece na lista de conversas."
          className="sm:max-w-xs"
          value={action.priority ?? ''}
          onChange={(v) => onChange({ ...action, priority: v === '' ? null : (v as ConversationPriority) })}
          options={[
            ...(Object.entries(CONVERSATION_PRIORITIES) as Array<[ConversationPriority, string]>).map(
              ([value, label]) => ({ value, label }),
            ),
            { value: '', label: 'Sem prioridade' },
          ]}
        />
      );
    case 'resolve':
      return <Explained>A conversa é finalizada; se o cliente escrever de novo, ela reabre.</Explained>;
    case 'stop_ai':
      return <Explained>A IA deixa de responder nesta conversa; a equipe continua por ela.</Explained>;
    case 'hand_off':
      return (
        <TextField
          label="Motivo"
          hint="A equipe vê o motivo na conversa."
          value={action.reason}
          onChange={(reason) => onChange({ ...action, reason })}
          error={error('reason')}
          maxLength={200}
        />
      );
    case 'call_webhook':
      return (
        <TextField
          label="Endereço (URL)"
          type="url"
          inputMode="url"
          hint="Recebe um POST com a conversa e o evento que disparou a regra."
          value={action.url}
          onChange={(url) => onChange({ ...action, url })}
          error={error('url')}
          maxLength={2000}
        />
      );
  }
}

function Explained({ children }: { children: string }) {
  return <p className="text-slate-500 text-sm dark:text-slate-400">{children}</p>;
}
