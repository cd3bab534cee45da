import type { Message, MessageTemplate } from '@atende/contracts';
import { useState } from 'react';
import { Button, Modal, Spinner, toast } from '@/components/ui';
import { useMessageTemplates } from '../api/get-message-templates';
import { useSendTemplate } from '../api/send-template';

/** `{{1}}`, `{{2}}`…: how the template body names its n-th parameter. */
const placeholderOf = (index: number) => `{{${index + 1}}}`;

function fill(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (match, n: string) => parameters[Number(n) - 1] || match);
}

/** Picks an approved template, fills its parameters in a small form, previews and sends it. */
export function TemplatePickerModal({
  conversationId,
  open,
  onClose,
  onSent,
}: {
  conversationId: string;
  open: boolean;
  onClose: () => void;
  onSent: (message: Message) => void;
}) {
  const templates = useMessageTemplates(open);
  const send = useSendTemplate(onSent);
  const [chosen, setChosen] = useState<MessageTemplate | null>(null);
  const [parameters, setParameters] = useState<string[]>([]);

  const choose = (template: MessageTemplate) => {
    setChosen(template);
    setParameters(Array.from({ length: template.parameterCount }, () => ''));
  };
  const close = () => {
    setChosen(null);
    send.reset();
    onClose();
  };
  const complete = chosen !== null && parameters.every((p) => p.trim() !== '');
  const submit = () => {
    if (!chosen || !complete) return;
    send.mutate(
      {
        conversationId,
        name: chosen.name,
        language: chosen.language,
        parameters: parameters.map((p) => p.trim()),
      },
      {
        onSuccess: () => {
          toast.success('Modelo enviado', 'A mensagem foi entregue ao WhatsApp.');
          close();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Enviar modelo de mensagem"
      description="Fora da janela de 24 horas, só modelos aprovados pela Meta podem ser enviados."
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!complete} isLoading={send.isPending}>
            Enviar modelo
          </Button>
        </>
      }
    >
      {templates.isPending && (
        <div className="flex items-center gap-2 text-slate-500 text-sm">
          <Spinner /> Carregando modelos...
        </div>
      )}
      {templates.isError && (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {templates.error.message}
        </p>
      )}
      {templates.data?.length === 0 && (
        <p className="text-slate-500 text-sm">Nenhum modelo aprovado nesta conta do WhatsApp Business.</p>
      )}
      {templates.data && templates.data.length > 0 && (
        <div className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="mb-1 font-medium text-slate-700 text-sm dark:text-slate-200">Modelo</legend>
            {templates.data.map((template) => {
              const id = `${template.name}:${template.language}`;
              return (
                <label
                  key={id}
                  className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950/40"
                >
                  <input
                    type="radio"
                    name="template"
                    value={id}
                    checked={chosen?.name === template.name && chosen.language === template.language}
                    onChange={() => choose(template)}
                    className="mt-1"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-800 dark:text-slate-100">
                      {template.name}{' '}
                      <span className="font-normal text-slate-500">({template.language})</span>
                    </span>
                    <span className="block whitespace-pre-wrap text-slate-600 dark:text-slate-300">
                      {template.body}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          {chosen && chosen.parameterCount > 0 && (
            <div className="grid gap-3 sm:grid-cols-2">
              {parameters
                .map((_, i) => placeholderOf(i))
                .map((placeholder, i) => (
                  <label key={placeholder} className="block text-sm">
                    <span className="mb-1 block font-medium text-slate-700 dark:text-slate-200">
                      Parâmetro {placeholder}
                    </span>
                    <input
                      value={parameters[i] ?? ''}
                      maxLength={1024}
                      onChange={(e) =>
                        setParameters((all) => all.map((p, j) => (j === i ? e.target.value : p)))
                      }
                      className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
                    />
                  </label>
                ))}
            </div>
          )}
          {chosen && (
            <div>
              <p className="mb-1 font-medium text-slate-700 text-sm dark:text-slate-200">Prévia</p>
              <p
                data-testid="template-preview"
                className="whitespace-pre-wrap rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800"
              >
                {fill(chosen.body, parameters) || chosen.name}
              </p>
            </div>
          )}
          {send.isError && (
            <p role="alert" className="text-red-600 text-sm dark:text-red-400">
              {send.error.message}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
