import type { AutomationCondition } from '@atende/contracts';
import { CheckboxGroup } from '@/components/form/checkbox-group';
import { ListField, NumberField, SelectField, TextField } from '@/components/form/fields';
import type { RuleCatalog } from '../hooks/use-rule-catalog';
import { DayPicker } from './day-picker';
import { MissingOptions } from './missing-options';

export type ErrorOf = (field: string) => string | undefined;

interface Props<C extends AutomationCondition = AutomationCondition> {
  condition: C;
  onChange: (next: AutomationCondition) => void;
  error: ErrorOf;
  catalog: RuleCatalog;
}

/** The fields of one condition, by its kind. */
export function ConditionFields({ condition, onChange, error, catalog }: Props) {
  switch (condition.type) {
    case 'text_contains':
      return (
        <ListField
          label="Palavras ou frases"
          hint="Separe por vírgula. Vale se a mensagem tiver qualquer uma, sem contar acentos e maiúsculas."
          placeholder="boleto, segunda via"
          value={condition.words}
          onChange={(words) => onChange({ ...condition, words })}
          error={error('words') ?? firstItemError(error, 'words', condition.words.length)}
        />
      );
    case 'text_matches':
      return (
        <TextField
          label="Padrão"
          hint="* vale qualquer trecho e ? uma letra. Ex.: pedido * atrasado"
          value={condition.pattern}
          onChange={(pattern) => onChange({ ...condition, pattern })}
          error={error('pattern')}
          maxLength={120}
        />
      );
    case 'label':
      return catalog.labels.length === 0 ? (
        <MissingOptions what="etiqueta" to="/settings/labels" place="Configurações › Etiquetas" />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="A conversa"
            value={condition.present === false ? 'absent' : 'present'}
            onChange={(v) => onChange({ ...condition, present: v === 'present' })}
            options={[
              { value: 'present', label: 'tem a etiqueta' },
              { value: 'absent', label: 'não tem a etiqueta' },
            ]}
          />
          <SelectField
            label="Etiqueta"
            value={condition.labelId}
            placeholder="Escolha uma etiqueta"
            onChange={(labelId) => onChange({ ...condition, labelId })}
            options={catalog.labels.map((l) => ({ value: l.id, label: l.name }))}
            error={error('labelId')}
          />
        </div>
      );
    case 'inbox':
      return (
        <CheckboxGroup
          legend="Caixa de entrada é uma destas"
          options={catalog.inboxes.map((inbox) => ({ value: inbox.id, label: inbox.name }))}
          value={condition.inboxIds}
          onChange={(inboxIds) => onChange({ ...condition, inboxIds })}
          error={error('inboxIds')}
        />
      );
    case 'handler':
      return (
        <SelectField
          label="Quem está atendendo"
          value={condition.handler}
          onChange={(handler) => onChange({ ...condition, handler })}
          options={[
            { value: 'ai', label: 'A IA' },
            { value: 'person', label: 'Uma pessoa' },
            { value: 'waiting', label: 'Ninguém: esperando uma pessoa' },
          ]}
        />
      );
    case 'client_field':
      return (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField
            label="Dado do cliente"
            value={condition.field}
            onChange={(field) => onChange({ ...condition, field })}
            options={[
              { value: 'name', label: 'Nome' },
              { value: 'email', label: 'E-mail' },
              { value: 'phone', label: 'Telefone' },
              { value: 'notes', label: 'Observações' },
            ]}
          />
          <SelectField
            label="Condição"
            value={condition.operator}
            onChange={(operator) => onChange({ ...condition, operator })}
            options={[
              { value: 'contains', label: 'contém' },
              { value: 'empty', label: 'está vazio' },
              { value: 'not_empty', label: 'está preenchido' },
            ]}
          />
          {condition.operator === 'contains' && (
            <TextField
              label="Texto"
              value={condition.value}
              onChange={(value) => onChange({ ...condition, value })}
              error={error('value')}
              maxLength={120}
            />
          )}
        </div>
      );
    case 'confidence_below':
      return (
        <NumberField
          label="Confiança da IA abaixo de (%)"
          hint="Quanto a IA acredita na própria resposta. Abaixo de 50% costuma valer chamar uma pessoa."
          min={0}
          max={100}
          step={5}
          className="sm:max-w-xs"
          value={Math.round(condition.threshold * 100)}
          onChange={(v) => onChange({ ...condition, threshold: v / 100 })}
          error={error('threshold')}
        />
      );
    case 'business_hours':
      return (
        <SelectField
          label="Horário"
          hint="O horário de atendimento da caixa de entrada da conversa (Integrações › a caixa › Horário de atendimento)."
          value={condition.inside ? 'inside' : 'outside'}
          onChange={(v) => onChange({ ...condition, inside: v === 'inside' })}
          options={[
            { value: 'inside', label: 'Dentro do horário de atendimento' },
            { value: 'outside', label: 'Fora do horário de atendimento' },
          ]}
        />
      );
    case 'day_time':
      return (
        <div className="space-y-3">
          <DayPicker
            label="Dias"
            value={condition.days}
            onChange={(days) => onChange({ ...condition, days })}
            error={error('days')}
          />
          <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
            <TextField
              label="Das"
              type="time"
              value={condition.from}
              onChange={(from) => onChange({ ...condition, from })}
              error={error('from')}
            />
            <TextField
              label="Às"
              type="time"
              value={condition.to}
              onChange={(to) => onChange({ ...condition, to })}
              error={error('to')}
            />
          </div>
        </div>
      );
  }
}

/** An item's error of a list (`words.2`) shown on the list's field. */
export function firstItemError(error: ErrorOf, field: string, length: number): string | undefined {
  for (let i = 0; i < length; i++) {
    const message = error(`${field}.${i}`);
    if (message) return message;
  }
  return undefined;
}
