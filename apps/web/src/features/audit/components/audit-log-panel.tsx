import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
  apiPaths,
  auditActionLabel,
  auditFieldLabel,
  auditTargetLabel,
} from '@atende/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, CardContent, CardHeader, Skeleton, toast } from '@/components/ui';
import { conversationHref } from '@/lib/conversation-link';
import { downloadFile } from '@/lib/download';
import { formatNumber } from '@/lib/format';
import { type AuditFilter, auditQuery, useAuditLog } from '../api/get-audit-log';

const ACTIONS = Object.keys(AUDIT_ACTIONS) as AuditAction[];
const isAction = (value: string): value is AuditAction => (ACTIONS as string[]).includes(value);

const when = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A report's day (YYYY-MM-DD) as the screen writes dates (DD/MM/AAAA). */
const day = (value: string) => value.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1');

/** What changed, in words: field names, counts, reasons. The server never stores secret values. */
function describe(detail: AuditEntry['detail']): string {
  const parts: string[] = [];
  if (Array.isArray(detail.fields))
    parts.push(`campos: ${detail.fields.map((field) => auditFieldLabel(String(field))).join(', ')}`);
  if (typeof detail.reason === 'string') parts.push(detail.reason);
  if (typeof detail.messages === 'number') parts.push(`${formatNumber(detail.messages)} mensagens`);
  if (typeof detail.email === 'string') parts.push(detail.email);
  if (typeof detail.from === 'string' && typeof detail.to === 'string')
    parts.push(`${day(detail.from)} a ${day(detail.to)}`);
  return parts.join(' · ');
}

/** The settings tab of each settings screen an entry names (`targetId` of a settings entry). */
const SETTINGS_TABS: Record<string, string> = {
  config: 'agent',
  'access-control': 'access',
  'admin-config': 'admin',
  'security-config': 'security',
  'whatsapp-cloud': 'whatsapp',
};

/** Where an entry's subject can be opened; null for what has no screen of its own. */
function targetHref(targetType: string, targetId: string | null): string | null {
  switch (targetType) {
    case 'client':
      return targetId ? `/clients/${encodeURIComponent(targetId)}` : null;
    case 'conversation':
      return targetId ? conversationHref(targetId) : null;
    case 'user':
      return '/settings/users';
    case 'settings':
      return targetId && SETTINGS_TABS[targetId] ? `/settings/${SETTINGS_TABS[targetId]}` : null;
    case 'knowledge_base':
      return '/training';
    case 'analytics':
      return '/analytics';
    case 'inbox':
      return '/integrations';
    default:
      return null;
  }
}

/** The subject in words: its kind, and who it is when the server could name it. */
function subjectText({ targetType, targetId, targetName }: AuditEntry): string | null {
  if (!targetType) return null;
  const kind = auditTargetLabel(targetType, targetId);
  if (!targetName) return kind;
  return targetType === 'conversation' ? `${kind} com ${targetName}` : `${kind} ${targetName}`;
}

/** The entry's subject (a link when it can be opened) and what changed. */
function EntrySummary({ entry }: { entry: AuditEntry }) {
  const subject = subjectText(entry);
  const href = entry.targetType ? targetHref(entry.targetType, entry.targetId) : null;
  const detail = describe(entry.detail);
  return (
    <p className="break-words text-slate-500 text-xs sm:truncate dark:text-slate-400">
      {subject && href ? (
        <Link to={href} className="text-indigo-600 hover:underline dark:text-indigo-400">
          {subject}
        </Link>
      ) : (
        subject
      )}
      {subject && detail && ' · '}
      {detail}
    </p>
  );
}

const fieldClasses =
  'h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

/** The audit log (admins): who did what and when, filtered, paged and exportable. */
export default function AuditLogPanel() {
  const [filter, setFilter] = useState<AuditFilter>({ action: null, from: null, to: null });
  const log = useAuditLog(filter);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];

  async function exportCsv() {
    try {
      await downloadFile(apiPaths.auditExport(), auditQuery(filter), 'auditoria.csv');
    } catch (error) {
      toast.error('Não foi possível exportar', error instanceof Error ? error.message : undefined);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Auditoria"
        description="Quem fez o quê e quando: acessos, mudanças de configuração, usuários, conversas assumidas, exportações e exclusões."
        actions={
          <Button variant="secondary" size="sm" onClick={exportCsv}>
            <Download className="size-4" aria-hidden /> CSV
          </Button>
        }
      />
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-2 text-sm">
          <label className="flex flex-col gap-1 text-slate-600 dark:text-slate-300">
            Ação
            <select
              value={filter.action ?? ''}
              onChange={(e) =>
                setFilter((f) => ({ ...f, action: isAction(e.target.value) ? e.target.value : null }))
              }
              className={fieldClasses}
            >
              <option value="">Todas</option>
              {ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {auditActionLabel(action)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-slate-600 dark:text-slate-300">
            De
            <input
              type="date"
              value={filter.from ?? ''}
              onChange={(e) => setFilter((f) => ({ ...f, from: e.target.value || null }))}
              className={fieldClasses}
            />
          </label>
          <label className="flex flex-col gap-1 text-slate-600 dark:text-slate-300">
            Até
            <input
              type="date"
              value={filter.to ?? ''}
              onChange={(e) => setFilter((f) => ({ ...f, to: e.target.value || null }))}
              className={fieldClasses}
            />
          </label>
        </div>

        {log.isPending ? (
          <Skeleton className="h-48" />
        ) : log.isError && !log.data ? (
          <p className="text-red-600 text-sm">{log.error.message}</p>
        ) : entries.length === 0 ? (
          <p className="text-slate-500 text-sm dark:text-slate-400">Nenhum registro para estes filtros.</p>
        ) : (
          <ol className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Registros de auditoria">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:gap-4"
              >
                <time
                  dateTime={entry.at}
                  className="shrink-0 text-slate-500 text-xs tabular-nums sm:w-32 dark:text-slate-400"
                >
                  {when.format(new Date(entry.at))}
                </time>
                <div className="min-w-0">
                  <p className="text-slate-900 text-sm dark:text-slate-100">
                    <span className="font-medium">{entry.actorName ?? 'Sistema'}</span> ·{' '}
                    {auditActionLabel(entry.action)}
                  </p>
                  <EntrySummary entry={entry} />
                </div>
              </li>
            ))}
          </ol>
        )}
        {log.hasNextPage && (
          <Button variant="ghost" onClick={() => log.fetchNextPage()} isLoading={log.isFetchingNextPage}>
            Carregar mais
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
