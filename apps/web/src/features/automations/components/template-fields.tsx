import { type AutomationAction, renderTemplate } from '@atende/contracts';
import { useMessageTemplates } from '@/channels/cloud-api/api/get-message-templates';
import { SelectField, TextField } from '@/components/form/fields';
import { Skeleton } from '@/components/ui';
import type { ErrorOf } from './condition-fields';

type TemplateAction = Extract<AutomationAction, { type: 'send_template' }>;

const key = (name: string, language: string) => `${name}|${language}`;

/** A Cloud API template (the only message allowed outside the 24-hour window) and its parameters. */
export function TemplateFields({
  action,
  onChange,
  error,
  inboxId,
}: {
  action: TemplateAction;
  onChange: (next: TemplateAction) => void;
  error: ErrorOf;
  inboxId?: string;
}) {
  const templates = useMessageTemplates(true, inboxId);
  if (templates.isPending) return <Skeleton className="h-16 w-full" />;
  const list = templates.data ?? [];
  const chosen = list.find((t) => t.name === action.name && t.language === action.language);
  if (list.length === 0 && !action.name) {
    return (
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-500/10 dark:text-amber-200">
        {templates.isError
          ? `Não foi possível carregar os modelos: ${templates.error.message}`
          : 'Nenhum modelo aprovado. Os modelos vêm de um número conectado pela WhatsApp Cloud API.'}
      </p>
    );
  }
  const options = list.map((t) => ({ value: key(t.name, t.language), label: `${t.name} (${t.language})` }));
  if (action.name && !chosen) {
    options.push({ value: key(action.name, action.language), label: `${action.name} (${action.language})` });
  }
  const count = chosen?.parameterCount ?? action.parameters.length;
  const parameters = Array.from({ length: count }, (_, i) => action.parameters[i] ?? '');
  return (
    <div className="space-y-3">
      <SelectField
        label="Modelo"
        value={action.name ? key(action.name, action.language) : ''}
        placeholder="Escolha um modelo"
        onChange={(value) => {
          const template = list.find((t) => key(t.name, t.language) === value);
          if (!template) return;
          onChange({
            ...action,
            name: template.name,
            language: template.language,
            parameters: Array.from({ length: template.parameterCount }, () => ''),
          });
        }}
        options={options}
        error={error('name') ?? error('language')}
      />
      {parameters.map((value, i) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: a template's parameters are positional
          key={i}
          label={`Parâmetro {{${i + 1}}}`}
          hint={i === 0 ? 'Aceita {primeiro_nome}, {nome}, {empresa} e {caixa}.' : undefined}
          value={value}
          onChange={(next) =>
            onChange({ ...action, parameters: parameters.map((p, j) => (j === i ? next : p)) })
          }
          error={error(`parameters.${i}`)}
          maxLength={1024}
        />
      ))}
      {chosen ? (
        <p className="whitespace-pre-wrap rounded-lg bg-emerald-50 px-3 py-2 text-emerald-950 text-sm dark:bg-emerald-500/10 dark:text-emerald-100">
          {renderTemplate(chosen.body, parameters)}
        </p>
      ) : null}
    </div>
  );
}
