import {
  apiPaths,
  type ClientDetail,
  conversationStatusLabel,
  formatPhone,
  type Label,
  updateClientRequestSchema,
} from '@atende/contracts';
import { ArrowLeft, Download, MessageSquare, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { TextAreaField, TextField, ToggleField } from '@/components/form/fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { LABEL_COLOR_CLASSES, LabelChip } from '@/components/label-chip';
import { SatisfactionRating, surveyOutcome } from '@/components/satisfaction-rating';
import { Avatar, Button, Card, CardContent, CardHeader, toast, useConfirm } from '@/components/ui';
import { useLabels } from '@/lib/api/get-labels';
import { useClientSatisfaction } from '@/lib/api/get-satisfaction';
import { cn } from '@/lib/cn';
import { conversationHref } from '@/lib/conversation-link';
import { downloadFile } from '@/lib/download';
import {
  formatCount,
  formatDate,
  formatDecimal,
  formatDuration,
  formatNumber,
  formatRelativeTime,
} from '@/lib/format';
import { useAuth } from '@/lib/session';
import { useEraseClient } from '../api/erase-client';
import { useUpdateClient } from '../api/update-client';

/** `labels` is undefined while the team's labels load. */
function EditForm({ client, labels }: { client: ClientDetail; labels: readonly Label[] | undefined }) {
  const update = useUpdateClient(client.id);
  const { user } = useAuth();
  const initial = useMemo(
    () => ({
      name: client.name ?? '',
      email: client.email ?? '',
      notes: client.notes ?? '',
      labelIds: client.labelIds,
      doNotContact: client.doNotContact,
    }),
    [client],
  );
  const form = useZodForm(updateClientRequestSchema, initial);
  const labelIds = form.values.labelIds ?? [];

  const submit = form.handleSubmit(
    async (patch) => {
      await update.mutateAsync(patch);
      toast.success('Cliente atualizado');
    },
    { onError: (error) => toast.error('Não foi possível salvar', error.message) },
  );

  const toggle = (id: string) =>
    form.set('labelIds', labelIds.includes(id) ? labelIds.filter((x) => x !== id) : [...labelIds, id]);

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nome"
          value={form.values.name ?? ''}
          onChange={(v) => form.set('name', v)}
          error={form.errors.name}
        />
        <TextField
          label="E-mail"
          type="email"
          value={form.values.email ?? ''}
          onChange={(v) => form.set('email', v)}
          error={form.errors.email}
        />
      </div>
      <TextAreaField
        label="Anotações da equipe"
        value={form.values.notes ?? ''}
        onChange={(v) => form.set('notes', v)}
        error={form.errors.notes}
      />
      <ToggleField
        label="Não contatar"
        description="O cliente pediu para não receber mensagens que nós iniciamos, como a pesquisa de satisfação."
        checked={form.values.doNotContact ?? false}
        onChange={(v) => form.set('doNotContact', v)}
      />
      {labels?.length === 0 && (
        <p className="text-slate-500 text-sm dark:text-slate-400">
          Nenhuma etiqueta criada ainda.{' '}
          {user?.role === 'admin' && (
            <Link to="/settings/labels" className="text-indigo-600 hover:underline dark:text-indigo-400">
              Criar etiquetas
            </Link>
          )}
        </p>
      )}
      {labels && labels.length > 0 && (
        <fieldset>
          <legend className="text-slate-700 text-sm dark:text-slate-200">Etiquetas</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {labels.map((label) => {
              const on = labelIds.includes(label.id);
              return (
                <button
                  key={label.id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(label.id)}
                  className={cn(
                    'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs',
                    on
                      ? cn(LABEL_COLOR_CLASSES[label.color].chip, 'border-transparent')
                      : 'border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-300',
                  )}
                >
                  <span className={cn('size-2 rounded-full', LABEL_COLOR_CLASSES[label.color].dot)} />
                  {label.name}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending}>
          Salvar
        </Button>
      </div>
    </form>
  );
}

function Totals({ client }: { client: ClientDetail }) {
  const items = [
    ['Mensagens', formatNumber(client.totals.messages)],
    ['Enviadas pelo cliente', formatNumber(client.totals.fromClient)],
    ['Respostas da IA', client.totals.aiShare === null ? '—' : `${formatDecimal(client.totals.aiShare)}%`],
    [
      'Última resposta em',
      client.totals.lastResponseMs === null ? '—' : formatDuration(client.totals.lastResponseMs),
    ],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <Card key={label} className="p-4">
          <dt className="text-slate-500 text-xs dark:text-slate-400">{label}</dt>
          <dd className="mt-1 font-semibold text-slate-900 text-xl tabular-nums dark:text-white">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}

function PrivacyActions({ client }: { client: ClientDetail }) {
  const confirm = useConfirm();
  const erase = useEraseClient(client.id);
  async function exportData(format: 'json' | 'csv') {
    try {
      await downloadFile(apiPaths.clientExport(client.id), { format }, `dados-cliente.${format}`);
    } catch (error) {
      toast.error('Não foi possível exportar', error instanceof Error ? error.message : undefined);
    }
  }
  async function eraseData() {
    const ok = await confirm({
      title: 'Apagar dados do cliente?',
      message:
        'Nome, telefone, e-mail, anotações, textos das mensagens e arquivos deste cliente serão apagados para sempre. Os números das métricas continuam corretos. Esta ação não pode ser desfeita.',
      variant: 'error',
      confirmLabel: 'Apagar dados',
    });
    if (!ok) return;
    erase.mutate(undefined, {
      onSuccess: (counts) =>
        toast.success(
          'Dados do cliente apagados',
          `${formatCount(counts.messages, 'mensagem anonimizada', 'mensagens anonimizadas')}`,
        ),
      onError: (error) => toast.error('Não foi possível apagar', error.message),
    });
  }
  return (
    <Card>
      <CardHeader
        title="Privacidade (LGPD)"
        description="Entregue ao cliente uma cópia dos dados ou apague-os a pedido dele."
      />
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => exportData('json')}>
          <Download className="size-4" aria-hidden /> Exportar dados (JSON)
        </Button>
        <Button variant="secondary" onClick={() => exportData('csv')}>
          <Download className="size-4" aria-hidden /> Exportar mensagens (CSV)
        </Button>
        <Button variant="danger" onClick={eraseData} isLoading={erase.isPending} disabled={client.erased}>
          <Trash2 className="size-4" aria-hidden /> Apagar dados
        </Button>
      </CardContent>
    </Card>
  );
}

/** /clients/{id}: who the client is, everything we talked about, and their data rights. */
export function ClientDetailView({ client }: { client: ClientDetail }) {
  const { user } = useAuth();
  const labels = useLabels();
  const labelById = new Map((labels.data ?? []).map((l) => [l.id, l]));
  const title = client.erased ? 'Dados apagados' : (client.name ?? `Cliente ${client.id}`);
  return (
    <div className="space-y-6">
      <Link
        to="/clients"
        className="inline-flex items-center gap-1 text-slate-600 text-sm hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
      >
        <ArrowLeft className="size-4" aria-hidden /> Clientes
      </Link>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={client.name} colorSeed={client.id} src={client.avatar} size="lg" />
        <div className="min-w-0">
          <h1 className="font-semibold text-2xl text-slate-900 dark:text-white">{title}</h1>
          <p className="text-slate-500 text-sm dark:text-slate-400">
            {client.phone ? formatPhone(client.phone) : 'Sem telefone'} · cliente desde{' '}
            {formatDate(client.createdAt)}
            {client.lastContact &&
              ` · último contato ${formatRelativeTime(client.lastContact).toLowerCase()}`}
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            {client.labelIds.map((id) => {
              const label = labelById.get(id);
              return label ? <LabelChip key={id} name={label.name} color={label.color} /> : null;
            })}
          </div>
        </div>
      </div>

      <Totals client={client} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader title="Dados do cliente" />
          <CardContent>
            {client.erased ? (
              <p className="text-slate-500 text-sm dark:text-slate-400">
                Os dados pessoais deste cliente foram apagados a pedido dele (LGPD).
              </p>
            ) : (
              <EditForm key={client.id} client={client} labels={labels.data} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader
            title="Conversas"
            description={`${formatNumber(client.conversations.length)} no total`}
          />
          <CardContent className="pt-3">
            {client.conversations.length === 0 ? (
              <p className="text-slate-500 text-sm dark:text-slate-400">Nenhuma conversa.</p>
            ) : (
              <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                {client.conversations.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={conversationHref(c.id)}
                      className="-mx-2 flex items-center gap-3 rounded-md px-2 py-2.5 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                    >
                      <MessageSquare className="size-4 shrink-0 text-slate-400" aria-hidden />
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-slate-800 text-sm dark:text-slate-100">
                          {c.lastMessage || 'Nenhuma mensagem'}
                        </p>
                        <p className="text-slate-500 text-xs dark:text-slate-400">
                          {formatDate(c.startedAt)} · {formatCount(c.messageCount, 'mensagem', 'mensagens')}
                          {c.isAiHandled ? ' · IA' : ''}
                        </p>
                      </div>
                      <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 text-xs dark:bg-slate-800 dark:text-slate-200">
                        {conversationStatusLabel(c.status)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <SatisfactionCard clientId={client.id} />

      {user?.role === 'admin' && <PrivacyActions client={client} />}
    </div>
  );
}

/** The customer's answers to the satisfaction survey, newest first, with the conversation they rated. */
function SatisfactionCard({ clientId }: { clientId: string }) {
  const surveys = useClientSatisfaction(clientId).data ?? [];
  const answered = surveys.filter((s) => s.rating !== null);
  const shown = surveys.filter((s) => s.sentAt !== null || s.rating !== null).slice(0, 10);
  return (
    <Card data-testid="client-satisfaction">
      <CardHeader
        title="Satisfação"
        description={
          answered.length === 0
            ? 'O cliente ainda não respondeu a pesquisa de satisfação.'
            : `${formatCount(answered.length, 'avaliação', 'avaliações')}, média ${formatDecimal(
                answered.reduce((sum, s) => sum + (s.rating ?? 0), 0) / answered.length,
                1,
              )} de 5`
        }
      />
      {shown.length > 0 && (
        <CardContent className="pt-3">
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {shown.map((survey) => (
              <li key={survey.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2.5 text-sm">
                {survey.rating === null ? (
                  <span className="text-slate-500 dark:text-slate-400">{surveyOutcome(survey)}</span>
                ) : (
                  <SatisfactionRating rating={survey.rating} />
                )}
                <Link
                  to={conversationHref(survey.conversationId)}
                  className="text-slate-500 text-xs hover:underline dark:text-slate-400"
                >
                  Conversa resolvida em {formatDate(survey.resolvedAt)}
                  {survey.person ? ` por ${survey.person.name}` : ''}
                </Link>
                {survey.comment && (
                  <p className="w-full text-slate-700 dark:text-slate-200">“{survey.comment}”</p>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}
